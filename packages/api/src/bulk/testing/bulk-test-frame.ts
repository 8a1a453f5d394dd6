import { randomUUID } from 'node:crypto'

import type { AiProvider } from '@promptly/ai/provider'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import type { AuthedContext, SignedInUser } from '../../context.ts'
import { grantCredits } from '../../credits/grant-credits.ts'
import { useGenerationTestDatabase } from '../../generation/testing/generation-test-database.ts'
import { createGeneratorTool } from '../../generation/testing/generator-tool.ts'
import { createCaller } from '../../root.ts'
import type { MediaStorage } from '../../storage/media-storage.ts'
import { testContext } from '../../testing/test-caller.ts'
import type { BulkRuntime } from '../bulk-runtime.ts'
import type { RowRunner } from '../row-queue.ts'
import { createRowRunner } from '../run-row.ts'
import { steppedRowQueue, type SteppedRowQueue } from './stepped-row-queue.ts'

export interface BulkRuntimeOptions {
  /** Answers every row (and whatever else the owner's context calls). */
  ai: AiProvider
  /** BULK_OWNER_IN_FLIGHT; 4 unless given. */
  ownerInFlight?: number
  /** BULK_MAX_ROWS; 1,000 unless given. */
  maxRows?: number
  /** Runs of one row before it fails; 3 unless given. */
  maxAttempts?: number
  /** Where media rows store their files; a fresh memory storage unless given. */
  media?: MediaStorage
}

/** One server instance's bulk machinery, on a queue the test steps through. */
export interface BulkTestRuntime {
  readonly queue: SteppedRowQueue
  readonly bulk: BulkRuntime
  /** The runner the queue was started with (a test may call it directly to run a task twice). */
  readonly runRow: RowRunner
  /** The whole router called in-process as `user` (null: signed out), with this runtime and AI provider. */
  caller(user: SignedInUser | null): ReturnType<typeof createCaller>
  /** The context a request of `user` gets on this instance. */
  context(user: SignedInUser): AuthedContext
}

export interface BulkTestFrame {
  readonly db: TestDatabase
  /** A new verified account holding `balance` credits (at most 30); its ledger is checked after each test. */
  account(name: string, balance?: number): Promise<SignedInUser>
  /** Credits bought meanwhile (a top-up): one ledger entry, the balance moved with it. */
  topUp(userId: string, amount: number): Promise<void>
  /** A generic tool whose form is a required 'Business name' and a tone (friendly or formal). */
  tool(): Promise<{ id: string; name: string }>
  /** Starts a runtime: a stepped queue whose runner runs rows in the owner's context, with `ai`. */
  runtime(options: BulkRuntimeOptions): Promise<BulkTestRuntime>
  /** The job's row statuses, in row order. */
  rowStatuses(jobId: string): Promise<string[]>
  /** The owner's ledger entries about the job's generations: charges and refunds, each summed. */
  ledgerOfJob(userId: string, jobId: string): Promise<{ charged: number; refunded: number }>
}

/**
 * The bulk tests' frame: one database per file, accounts whose ledger must match their balance after
 * every test (generation-test-database.ts), and runtimes wired as the server wires them (the queue
 * started with createRowRunner, each row run in its owner's context read afresh), on a queue that
 * runs a task only when the test says so.
 */
export function useBulkTestFrame(): BulkTestFrame {
  const frame = useGenerationTestDatabase()
  return {
    get db() {
      return frame.db
    },
    account: (name, balance) => frame.account(name, balance),
    async topUp(userId, amount) {
      await frame.db.prisma.$transaction((tx) =>
        grantCredits(tx, { userId, amount, reason: 'purchase', reference: `top-up-${randomUUID()}` }),
      )
    },
    tool: () => createGeneratorTool(frame.db.prisma),
    async ledgerOfJob(userId, jobId) {
      const db = frame.db.prisma
      const generations = await db.generation.findMany({ where: { bulkJobId: jobId }, select: { id: true } })
      const entries = await db.creditEntry.findMany({
        where: { userId, reference: { in: generations.map((generation) => generation.id) } },
      })
      const sum = (reason: string) =>
        entries.filter((entry) => entry.reason === reason).reduce((total, entry) => total + entry.amount, 0)
      return { charged: sum('generation'), refunded: sum('refund') }
    },
    async rowStatuses(jobId) {
      const rows = await frame.db.prisma.bulkRow.findMany({
        where: { jobId },
        orderBy: { position: 'asc' },
        select: { status: true },
      })
      return rows.map((row) => row.status)
    },
    async runtime({ ai, ownerInFlight = 4, maxRows = 1_000, maxAttempts = 3, media }) {
      const db = frame.db.prisma
      const queue = steppedRowQueue(maxAttempts)
      const bulk: BulkRuntime = { queue, maxRows, ownerInFlight }
      const options = { ai, bulk, ...(media ? { media } : {}) }
      const context = (user: SignedInUser): AuthedContext => ({ ...testContext(db, user, options), user })
      const runner = createRowRunner({
        db,
        queue,
        ownerInFlight,
        async contextFor(userId) {
          const user = await db.user.findUnique({ where: { id: userId } })
          return user ? context({ ...user, isAdmin: false }) : null
        },
        onFeedError: (error) => feedErrors.push(error),
      })
      // A step ends once the feeds its row started have ended (the test looks at what was fed next),
      // and fails with the first of them that failed.
      const feedErrors: unknown[] = []
      const runRow: RowRunner = async (task, attempt) => {
        try {
          await runner(task, attempt)
        } finally {
          await runner.feedsSettled()
        }
        const [feedError] = feedErrors.splice(0)
        if (feedError !== undefined) throw feedError
      }
      await queue.start(runRow)
      return {
        queue,
        bulk,
        runRow,
        context,
        caller: (user) => createCaller(testContext(db, user, options)),
      }
    },
  }
}
