import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { buildApp } from '../app.ts'
import { resolveConfig, type AppConfig } from '../config/app-config.ts'
import { parseEnv } from '../config/env.ts'
import type { ClerkIdentityOptions } from '../identity/clerk/clerk-identity.ts'
import type { IdentityProvider } from '../identity/identity-provider.ts'
import type { StripeClientOptions } from '../payments/stripe-payments.ts'
import { buildServices, type AppServices, type Services } from '../services.ts'

export interface TestAppOptions {
  /** Load the seed catalogue and plan offers. Default false (an empty, migrated database). */
  seed?: boolean
  /**
   * Serve this database instead of a fresh one (`seed` is then ignored). It stays the caller's: the
   * app's close leaves it open, so a test can reopen the app on it, or on a restored copy.
   */
  database?: TestDatabase
  /**
   * Environment variables, as the server would read them. The process environment is NOT used, so
   * a developer's CLERK_* or OPENAI_* never leaks into a test. Defaults: NODE_ENV=test,
   * LOG_LEVEL=silent, a random SESSION_SECRET, DATA_DIR a fresh temp folder, and WEB_DIST_DIR a
   * folder with no web app (pass the real dist folder to test page serving).
   */
  env?: Record<string, string>
  /**
   * Use Clerk instead of local accounts: fake keys are set, and tokens verify offline against
   * `jwtKey` (see testing/clerk-test-tokens.ts, clerk-test-app.ts); without it, Clerk's plugin fetches
   * its keys (a test answers through a `fetch` spy). `fetchProfile` replaces Clerk's Backend API; by
   * default it fails, so a test can never reach the network.
   */
  clerk?: ClerkIdentityOptions
  /** Receives the server's log lines (set env LOG_LEVEL too, it defaults to silent). */
  logStream?: NodeJS.WritableStream
  /**
   * Services to use instead of the ones the env describes (services.ts), e.g. `{ ai: fakeAi }`; the
   * caller closes what it gives.
   */
  services?: Partial<Services>
  /** The ServerInstance lease id the app's reservations name, as main.ts gives it (default none). */
  instanceId?: string
  /** Where the Stripe SDK sends its calls (with STRIPE_* keys in `env`): a local fake Stripe. */
  stripe?: StripeClientOptions
}

export interface TestApp {
  app: FastifyInstance
  db: TestDatabase
  config: AppConfig
  identity: IdentityProvider
  /** What the app talks to: the ones given in the options, the rest built from the env. */
  services: AppServices
  /**
   * Closes the server (and with it the AI provider's local model server, when this was its last
   * user), the database, and removes the temp folder. Safe to call twice.
   */
  close(): Promise<void>
}

/** A publishable key is `pk_test_` + base64("<frontend API host>$"); this host is never contacted. */
const FAKE_CLERK_FRONTEND_API = 'promptly-test.clerk.accounts.dev$'
export const FAKE_CLERK_PUBLISHABLE_KEY = `pk_test_${Buffer.from(FAKE_CLERK_FRONTEND_API).toString('base64')}`
export const FAKE_CLERK_SECRET_KEY = 'sk_test_promptly_offline_only'

/**
 * The whole server, built as main.ts builds it (config, services, buildApp) on a fresh database of
 * its own, for `app.inject`. One per test file (beforeAll) is the usual pattern: about 1 s on
 * PGlite, most of it cloning the migrated template.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = opts.env?.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'promptly-test-app-')))
  const ownsDataDir = opts.env?.DATA_DIR === undefined
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // Everything the app writes (stored media among it) goes to the temp folder, removed on close.
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...(opts.clerk && { CLERK_SECRET_KEY: FAKE_CLERK_SECRET_KEY, CLERK_PUBLISHABLE_KEY: FAKE_CLERK_PUBLISHABLE_KEY }),
    ...opts.env,
  })

  const db = opts.database ?? (await createTestDatabase({ seed: opts.seed ?? false }))
  const ownsDatabase = opts.database === undefined
  let app: FastifyInstance | undefined
  let services: AppServices | undefined
  try {
    const config: AppConfig = {
      ...resolveConfig(env),
      dataDir,
      // Informational: the test database is already open. PGlite's is in memory (reach it via `db`);
      // on PostgreSQL `db.url` lets a test open a second connection.
      database: db.url ? { url: db.url } : { pgliteDir: 'memory://' },
    }
    services = await buildServices(config, db, {
      ...opts.services,
      ...(opts.clerk && { clerk: { fetchProfile: offlineProfileFetcher, ...opts.clerk } }),
      ...(opts.logStream && { logStream: opts.logStream }),
      ...(opts.stripe && { stripe: opts.stripe }),
    })
    app = await buildApp({
      config,
      db,
      services,
      ...(opts.logStream && { logStream: opts.logStream }),
      ...(opts.instanceId && { instanceId: opts.instanceId }),
    })
    await app.ready()

    let closed: Promise<void> | undefined
    const ready = app
    return {
      app: ready,
      db,
      config,
      identity: services.identity,
      services,
      close() {
        closed ??= (async () => {
          const closing = ready.close()
          // Node's fetch opens a spare connection after a client aborts a request (streaming tests do),
          // and one that never sends a request is not "idle" to Fastify, so close would wait for the
          // server's headers timeout. Tests need no graceful drain: cut every connection.
          ready.server.closeAllConnections()
          await closing
          if (ownsDatabase) await db.close()
          if (ownsDataDir) await rm(dataDir, { recursive: true, force: true })
        })()
        return closed
      },
    }
  } catch (error) {
    // The app releases its services when it closes; before it exists, they are released here.
    await (app ? app.close() : services?.close())
    if (ownsDatabase) await db.close()
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

async function offlineProfileFetcher(): Promise<never> {
  throw new Error('Clerk Backend API called in a test: pass clerk.fetchProfile, or put the profile in the token claims')
}
