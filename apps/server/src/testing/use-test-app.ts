import type { TRPCClient } from '@trpc/client'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

import { expectLedgerMatchesBalance } from '@promptly/api/credits/testing/expect-ledger-matches-balance'
import type { AppRouter } from '@promptly/api/root'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import type { AppConfig } from '../config/app-config.ts'
import { startFakeMediaAi, type FakeMediaAi } from './fake-media-ai.ts'
import { signUpTestAccount, type TestAccount, type TestAccountInput } from './local-accounts.ts'
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts'
import { listenOnRandomPort, trpcClient } from './trpc-http.ts'

export interface UseTestAppOptions extends TestAppOptions {
  /**
   * Answer the AI with the OpenAI-compatible fake (fake-media-ai.ts): its env goes under `env`, its
   * behaviour is reset before each test, and it is stopped with the app.
   */
  fakeAi?: boolean
  /** Listen on a random loopback port, for tests that call over real HTTP (streaming, tRPC links). */
  listen?: boolean
}

/** One test file's server: what `useTestApp` set up, readable from inside the tests. */
export interface TestAppFrame {
  readonly testApp: TestApp
  readonly app: FastifyInstance
  readonly db: TestDatabase
  readonly config: AppConfig
  /** The listening origin (`listen: true` only). */
  readonly baseUrl: string
  /** The AI fake (`fakeAi: true` only). */
  readonly fakeAi: FakeMediaAi
  /**
   * Signs up (and by default verifies) a local account through the real routes. Its credit ledger is
   * checked against its balance after the test (after every test, for an account made in beforeAll).
   */
  signUp(input?: TestAccountInput): Promise<TestAccount>
  /** A typed tRPC client over real HTTP, as `account` or signed out (`listen: true` only). */
  trpc(account?: TestAccount | null): TRPCClient<AppRouter>
}

/**
 * The integration frame of a server test file: registers beforeAll (a fresh database, the app built
 * as main.ts builds it, optionally listening and with the AI fake), afterEach (every account signed
 * up through the frame keeps a ledger that sums to its balance) and afterAll (everything closed).
 * Call it once at the top of the file and read the app from the returned frame inside the tests.
 * Options that depend on something started first (a fake server's address) come from a function,
 * run in beforeAll.
 */
export function useTestApp(
  optionsOrSetup: UseTestAppOptions | (() => UseTestAppOptions | Promise<UseTestAppOptions>) = {},
): TestAppFrame {
  let testApp: TestApp | undefined
  let fakeAi: FakeMediaAi | undefined
  let baseUrl: string | undefined
  // Accounts made before the tests (beforeAll) are checked after every test; those made for one test
  // (in it, or in a beforeEach) after that test only.
  const fileAccounts: TestAccount[] = []
  let testAccounts: TestAccount[] | null = null

  beforeAll(async () => {
    const given = typeof optionsOrSetup === 'function' ? await optionsOrSetup() : optionsOrSetup
    const { fakeAi: withFakeAi, listen, ...options } = given
    if (withFakeAi) fakeAi = await startFakeMediaAi()
    testApp = await createTestApp({ ...options, env: { ...fakeAi?.env, ...options.env } })
    if (listen) baseUrl = await listenOnRandomPort(testApp.app)
  })
  afterAll(async () => {
    await testApp?.close()
    await fakeAi?.server.close()
  })
  beforeEach(() => {
    testAccounts = []
    fakeAi?.reset()
  })
  afterEach(async () => {
    const ids = [...fileAccounts, ...(testAccounts ?? [])].map((account) => account.user.id)
    testAccounts = null
    // An account a test deleted has no ledger left to check.
    const existing = await frame.db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true } })
    for (const { id } of existing) await expectLedgerMatchesBalance(frame.db.prisma, id)
  })

  const set = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: no ${what} (ask for it in the options, read it in a test)`)
    return value
  }
  const frame: TestAppFrame = {
    get testApp() {
      return set(testApp, 'app yet')
    },
    get app() {
      return frame.testApp.app
    },
    get db() {
      return frame.testApp.db
    },
    get config() {
      return frame.testApp.config
    },
    get baseUrl() {
      return set(baseUrl, 'baseUrl: pass listen: true')
    },
    get fakeAi() {
      return set(fakeAi, 'fakeAi: pass fakeAi: true')
    },
    async signUp(input) {
      const account = await signUpTestAccount(frame.app, input)
      const made = testAccounts ?? fileAccounts
      made.push(account)
      return account
    },
    trpc(account) {
      return trpcClient(frame.baseUrl, account?.bearer)
    },
  }
  return frame
}
