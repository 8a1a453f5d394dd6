import { existsSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// The built portal, started fresh for the run: embedded database in a temp folder, local identity,
// and the admin list the admin tests sign up with.
const port = Number(process.env.E2E_PORT ?? 3210)
/**
 * The servers' data folder, made once by the runner: its workers load this file again, and read the
 * first server's outbox (e2e/support/outbox.ts) through the same variable, inherited from the runner.
 */
const dataDir = (process.env.PROMPTLY_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'promptly-e2e-')))
/** The second server's data folder (see below), inside the first's. */
const secondDataDir = path.join(dataDir, 'second-server')
/** The provider-backed server's data folder (see below), inside the first's. */
const providerDataDir = path.join(dataDir, 'provider-server')
/** Where the servers write their mail: the tests read it there, as the mailbox's owner would. */
export const OUTBOX_DIRS = [
  path.join(dataDir, 'outbox'),
  path.join(secondDataDir, 'outbox'),
  path.join(providerDataDir, 'outbox'),
]
export const ADMIN_EMAIL = 'admin@promptly.test'
/**
 * An address signs up once per server, so a test repeated in one run (--repeat-each) takes the
 * admin address of its repetition: ADMIN_EMAIL first, then admin-2@..., all listed as admins.
 */
export const ADMIN_EMAILS = [ADMIN_EMAIL, ...[2, 3, 4, 5].map((n) => `admin-${n}@promptly.test`)]
/**
 * Admins for the tool-builder's tests, apart from ADMIN_EMAILS (whose test needs them unused): five
 * per test that needs one, by its slot and repetition (see tests/tool-builder.spec.ts).
 */
export const BUILDER_ADMIN_EMAILS = Array.from({ length: 10 }, (_, n) => `builder-admin-${n + 1}@promptly.test`)
/**
 * Admins for the admin console's tests: five per test that needs one, by its slot and repetition
 * (see tests/admin-console.spec.ts).
 */
export const CONSOLE_ADMIN_EMAILS = Array.from({ length: 15 }, (_, n) => `console-admin-${n + 1}@promptly.test`)
/**
 * Admins for the admin console's check in every other interface language: five per language, by
 * the language and repetition (see tests/languages-axe.spec.ts).
 */
export const LANGUAGE_ADMIN_EMAILS = Array.from({ length: 15 }, (_, n) => `language-admin-${n + 1}@promptly.test`)

/** What the e2e server is configured to show as the operator's contact and link details. */
export const SITE_DETAILS = {
  supportEmail: 'help@acme-tools.test',
  supportPhone: '+44 20 7946 0000',
  companyName: 'Acme Tools Ltd',
  blogUrl: 'https://blog.acme-tools.test/',
  makerUrl: 'https://acme-tools.test/',
}

/**
 * Chromium's headless shell (Debian: chromium-headless-shell) when installed: the same engine
 * without the full browser's windowing and compositing, so the suite runs markedly faster. The full
 * browser otherwise; CHROMIUM_PATH wins.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * A second server, set up the way a small operator might run it: its PATH holds only node, so
 * Debian's recogniser (lame, sox, pocketsphinx) is missing (tests/media-transcription-unavailable.spec.ts),
 * and its local model is slow, a chunk every 0.4 s, so a test can stop a generation mid-stream however
 * busy the machine is (a generation there takes about ten seconds; the first server's, a second or two).
 */
const secondPort = port + 1
export const SECOND_SERVER_ORIGIN = `http://127.0.0.1:${secondPort}`
const nodeOnlyPath = mkdtempSync(path.join(tmpdir(), 'promptly-e2e-node-only-'))
symlinkSync(process.execPath, path.join(nodeOnlyPath, 'node'))
const serverCommand = `node --enable-source-maps ${process.env.E2E_SERVER_ENTRY ?? '../apps/server/dist/main.js'}`

/**
 * A third server, answered by an OpenAI-compatible stand-in (support/one-failing-variant-provider.ts)
 * instead of the local model: the second request with a given prompt fails, so one variant of a
 * three-variant run fails (tests/generator-variants.spec.ts). The SDK's own retries are off, so the
 * failure reaches the page as a provider's would after them.
 */
const fakeProviderPort = port + 2
const providerPort = port + 3
export const PROVIDER_SERVER_ORIGIN = `http://127.0.0.1:${providerPort}`

/** What both test servers are started with: their port and data folder, and limits fit for a test run. */
function testServerEnv(serverPort: number, dataFolder: string): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataFolder,
    PGLITE_DIR: path.join(dataFolder, 'pglite'),
    // Links in mails point here: the tests' browser must reach them on its own origin (its cookies).
    APP_URL: `http://127.0.0.1:${serverPort}`,
    // Every test signs up from 127.0.0.1; the default per-address limit (10 an hour) is for the real world.
    SIGNUP_LIMIT_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '100000',
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
  }
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Ceilings, not expectations: a busy machine (two workers, Chromium rendering in software, the
  // server) can take seconds over a sign-up and its first page.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test's trace keeps its actions, console, network and sources, and the failure's own
    // page snapshot (error-context.md), but no screencast nor DOM snapshot of every step: recording
    // those all through every test cost the suite a sixth of its time on this two-core machine
    // (311 s with DOM snapshots, 263 s without; screenshots had made some specs 1.5-2x as long).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // E2E_SERVER_ENTRY: a server built with SERVER_OUTFILE (see apps/server/scripts/build.ts).
      command: serverCommand,
      url: `http://127.0.0.1:${port}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...testServerEnv(port, dataDir),
        ADMIN_EMAILS: [
          ...ADMIN_EMAILS,
          ...BUILDER_ADMIN_EMAILS,
          ...CONSOLE_ADMIN_EMAILS,
          ...LANGUAGE_ADMIN_EMAILS,
        ].join(','),
        // Chunks 40 ms apart (12 by default): closer together, a slowed browser on a loaded machine
        // can read the whole stream in one go and paint once, whatever the page does.
        LOCAL_MODEL_CHUNK_DELAY_MS: '40',
        // The operator's details, configured so the pages show them (tests/error-pages-and-site-details.spec.ts).
        SUPPORT_EMAIL: SITE_DETAILS.supportEmail,
        SUPPORT_PHONE: SITE_DETAILS.supportPhone,
        COMPANY_NAME: SITE_DETAILS.companyName,
        BLOG_URL: SITE_DETAILS.blogUrl,
        MAKER_URL: SITE_DETAILS.makerUrl,
      },
    },
    {
      command: serverCommand,
      url: `${SECOND_SERVER_ORIGIN}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore', // its start-up warning names what to install, which is the point
      env: {
        ...testServerEnv(secondPort, secondDataDir),
        PATH: nodeOnlyPath,
        // Slow enough for a click to land mid-stream on a loaded machine, and no slower: a test waiting
        // for a generation here holds a worker that long.
        LOCAL_MODEL_CHUNK_DELAY_MS: '400',
      },
    },
    {
      command: `node --import tsx support/one-failing-variant-provider.ts ${fakeProviderPort}`,
      url: `http://127.0.0.1:${fakeProviderPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: serverCommand,
      url: `${PROVIDER_SERVER_ORIGIN}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...testServerEnv(providerPort, providerDataDir),
        OPENAI_BASE_URL: `http://127.0.0.1:${fakeProviderPort}/v1`,
        OPENAI_API_KEY: 'sk-e2e-fake-provider',
        OPENAI_MAX_RETRIES: '0',
      },
    },
  ],
})
