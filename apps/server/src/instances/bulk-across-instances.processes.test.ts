import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CREDIT_COSTS } from '@promptly/core/credits/costs'

import { describeStuckJob } from '../testing/bulk-job-diagnosis.ts'
import { startPacedChatAi, type PacedChatAi } from '../testing/paced-chat-ai.ts'
import { trpcOn } from '../testing/process-client.ts'
import { startTwoInstanceCluster, sweepersLeader, type TwoInstanceCluster } from '../testing/two-instance-cluster.ts'
import { adminOn, builtToolOn, fundedAccountOn, ledgerOf, toolValues } from '../testing/two-instance-scenarios.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/** The fake provider's answer time: a row takes at least this. */
const PROVIDER_LATENCY_MS = 200
/** The callers poll a job's progress; the suites' own per-client limit (5 a minute) is for other tests. */
const CALLS_PER_MINUTE = '100000'

/** Polls `read` until `done` says so; fails after `ceilingMs` with the last value seen. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ceilingMs: number): Promise<T> {
  const deadline = Date.now() + ceilingMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`still waiting after ${ceilingMs} ms: ${JSON.stringify(value)}`)
    await sleep(100)
  }
}

/**
 * A two-instance cluster for this file's tests, each instance running 8 rows at once (16 in all) for up
 * to 32 queued rows of one owner, against a provider that answers in PROVIDER_LATENCY_MS; `env` on top.
 */
function useBulkCluster(env: Record<string, string>): () => { cluster: TwoInstanceCluster; provider: PacedChatAi } {
  let provider: PacedChatAi | undefined
  let cluster: TwoInstanceCluster | undefined
  beforeAll(async () => {
    provider = await startPacedChatAi(PROVIDER_LATENCY_MS)
    cluster = await startTwoInstanceCluster({
      postgresUrl: postgresUrl!,
      redisUrl: redisUrl!,
      env: {
        ...provider.env,
        RATE_LIMIT_PER_MINUTE: CALLS_PER_MINUTE,
        BULK_CONCURRENCY: '8',
        BULK_OWNER_IN_FLIGHT: '32',
        ...env,
      },
    })
  })
  afterAll(async () => {
    await cluster?.close()
    await provider?.close()
  })
  return () => {
    if (!cluster || !provider) throw new Error('the cluster did not start')
    return { cluster, provider }
  }
}

/**
 * Bulk runs on two real server processes sharing one PostgreSQL database and one Redis (BullMQ), as
 * README's "Several instances" runs them: the rows spread over both instances' workers, a row whose
 * instance is killed mid-job is run again by the other and charged once, and the provider's rate
 * limit is one limit for both. Runs with `npm run test:instances` when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set.
 */
describe.runIf(postgresUrl && redisUrl)('bulk runs across two server processes', () => {
  describe('a 500-row job, one instance killed mid-job', () => {
    // A killed worker's rows are taken again within 3 s rather than 45.
    const rig = useBulkCluster({ BULK_WORKER_LOCK_MS: '2000' })

    it('completes on the survivor, every row delivered and charged exactly once', async () => {
      const { cluster, provider } = rig()
      const [survivor, victim] = cluster.instances
      const admin = await adminOn(cluster, survivor)
      const tool = await builtToolOn(survivor, admin)
      const rows = 500
      const owner = await fundedAccountOn(cluster, admin, 'Bulk Owner', rows * CREDIT_COSTS.text + 100)
      const before = await ledgerOf(cluster.db.prisma, owner.user.id)
      const client = trpcOn(survivor, owner)
      const created = await client.bulk.create.mutate({
        toolId: tool.id,
        source: { kind: 'rows', rows: Array.from({ length: rows }, (_, index) => toolValues(`Mug ${index + 1}`)) },
      })
      // Both instances' workers are busy: the victim holds rows of its own when it dies.
      await waitFor(
        () => client.bulk.get.query({ jobId: created.jobId }),
        (job) => job.done >= 100,
        60_000,
      )
      expect(provider.maxInFlight()).toBeGreaterThan(8)
      await victim.kill()
      // What a kill between marking rows queued and adding them to the queue leaves: a row marked
      // queued that no queue holds. The survivor must put it back, once the victim counts as dead.
      const prisma = cluster.db.prisma
      const [stranded] = await prisma.bulkRow.findMany({
        where: { jobId: created.jobId, status: 'pending' },
        orderBy: { position: 'desc' },
        take: 1,
      })
      await prisma.bulkRow.update({ where: { id: stranded!.id }, data: { status: 'queued' } })

      const job = await waitFor(
        () => client.bulk.get.query({ jobId: created.jobId }),
        (state) => state.status !== 'running',
        120_000,
      ).catch(async (error: unknown) => {
        const leader = (await sweepersLeader(cluster))?.name ?? 'none'
        throw new Error(
          `${String(error)}; ${await describeStuckJob(cluster, created.jobId)} (the one made stranded: ` +
            `${stranded!.id}); provider in flight ${provider.inFlight()}; leader ${leader}; ` +
            `survivor's output: ${survivor.output()}`,
        )
      })
      expect(job).toMatchObject({ status: 'completed', total: rows, done: rows, failed: 0, remaining: 0 })
      expect(job.creditsUsed).toBe(rows * CREDIT_COSTS.text)
      // The victim's own reservations come back once its lease lapses, and a refund that failed under
      // load is retried (for up to two minutes); then the charge is the rows'.
      const reserved = () =>
        prisma.generation.findMany({
          where: { userId: owner.user.id, status: 'reserved' },
          select: { id: true, instanceId: true, createdAt: true },
        })
      await waitFor(reserved, (left) => left.length === 0, 150_000).catch(async (error: unknown) => {
        const leases = await prisma.serverInstance.findMany()
        const leader = (await sweepersLeader(cluster))?.name ?? 'none'
        throw new Error(
          `${String(error)}; leases ${JSON.stringify(leases)}; leader ${leader}; ` +
            `survivor's output: ${survivor.output()}`,
        )
      })
      const after = await ledgerOf(prisma, owner.user.id)
      expect(after.balance).toBe(after.ledgerSum)
      expect(before.balance - after.balance).toBe(rows * CREDIT_COSTS.text)
      const delivered = await prisma.bulkRow.findMany({
        where: { jobId: created.jobId },
        select: { status: true, generationId: true },
      })
      expect(delivered.every((row) => row.status === 'done')).toBe(true)
      expect(new Set(delivered.map((row) => row.generationId)).size).toBe(rows)
      const succeeded = await prisma.generation.count({ where: { bulkJobId: created.jobId, status: 'succeeded' } })
      expect(succeeded).toBe(rows)
      // A ceiling for a loaded machine: the job, then the refunds (their retries included).
    }, 300_000)
  })

  describe('the provider rate limit', () => {
    const ratePerMinute = 24
    const rig = useBulkCluster({ BULK_PROVIDER_RATE_PER_MINUTE: String(ratePerMinute) })

    it('holds for both instances together, counted at the provider', async () => {
      const { cluster, provider } = rig()
      const [first] = cluster.instances
      const admin = await adminOn(cluster, first)
      const tool = await builtToolOn(first, admin)
      const owner = await fundedAccountOn(cluster, admin, 'Bulk Owner', 100)
      const client = trpcOn(first, owner)
      const created = await client.bulk.create.mutate({
        toolId: tool.id,
        source: { kind: 'rows', rows: Array.from({ length: 40 }, (_, index) => toolValues(`Lamp ${index + 1}`)) },
      })
      // 16 workers could start every row within a second; the limit lets 24 through in the minute.
      await waitFor(
        async () => provider.arrivals().length,
        (count) => count >= ratePerMinute,
        30_000,
      )
      const firstArrival = provider.arrivals()[0]!
      // An absence needs a while to be seen: 3 s in which two separate limits would have let 24 more in.
      await sleep(3_000)
      const inWindow = provider.arrivals().filter((at) => at - firstArrival < 60_000)
      expect(inWindow).toHaveLength(ratePerMinute)
      await client.bulk.cancel.mutate({ jobId: created.jobId })
    })
  })
})
