import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import type { BulkLimits } from '@promptly/api/bulk/bulk-runtime'
import type { RowQueueSettings } from '@promptly/api/bulk/row-queue'
import type { SiteDetails } from '@promptly/api/system/public-config.schema'
import { databaseConfigFromEnv, dataDirFromEnv, type DatabaseConfig } from '@promptly/db/config'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { leaseRenewInterval } from '../instances/instance-lease.ts'
import type { Env } from './env.ts'
import { webBuildFolders } from './web-build-folders.ts'

/** Settings after defaults and derivations: what the rest of the server reads. */
export interface BulkConfig {
  limits: BulkLimits
  queue: RowQueueSettings
  /** BullMQ's lock on a running row (BULK_WORKER_LOCK_MS). */
  workerLockMs: number
}

/** Clerk-hosted sign-in (both keys set); identity/clerk/clerk-identity.ts reads it. */
export interface ClerkIdentityConfig {
  kind: 'clerk'
  secretKey: string
  publishableKey: string
  /** CLERK_JWT_KEY: tokens verify on this machine and are kept until they expire; unset, Clerk's plugin verifies. */
  jwtKey?: string
  /** CLERK_WEBHOOK_SIGNING_SECRET: Clerk's webhook is served (ended sessions); unset, it is not. */
  webhookSigningSecret?: string
}

export interface AppConfig {
  env: Env
  nodeEnv: Env['NODE_ENV']
  port: number
  host: string
  /** Public origin of the portal, used for links in e-mails, share URLs and payment returns. */
  appUrl: string
  dataDir: string
  database: DatabaseConfig
  adminEmails: readonly string[]
  sessionSecret: string
  identity: ClerkIdentityConfig | { kind: 'local' }
  webDistDir: string
  /** The web app's server build (render-page.js), which renders public pages; absent, pages are client-rendered. */
  webServerDistDir: string
  migrationsDir: string
  /** Where generated images and audio are kept (services.ts builds it). */
  media: MediaStorageConfig
  /** How mail leaves (services.ts builds it): SMTP, or .eml files in a folder. */
  mail: MailConfig
  /** Who takes payments (services.ts builds it): Stripe when both its keys are set, else the local checkout. */
  payments: PaymentsConfig
  /** The operator's contact and link details, shown by the pages (null where not configured). */
  site: SiteDetails
  /** Redis for the state several instances share (services.ts connects); null: in-process. */
  redisUrl: string | null
  /** This instance's lease and the reservation sweeper's pace (main.ts starts both). */
  instances: InstanceTiming
  /** Bulk runs: the row queue's settings (services.ts builds it) and the limits the procedures apply. */
  bulk: BulkConfig
  /** Where Prometheus scrapes /metrics (its own listener, METRICS_PORT and METRICS_HOST); null: off. */
  metrics: MetricsListenerConfig | null
  /** Where traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME); null: off. */
  tracing: TracingConfig | null
}

export interface TracingConfig {
  /** The OTLP/HTTP collector's base URL; spans go to `<endpoint>/v1/traces`. */
  endpoint: string
  serviceName: string
}

export interface MetricsListenerConfig {
  /** 0: any free port (tests read the one taken from the listener). */
  port: number
  host: string
}

export interface InstanceTiming {
  /** A lease older than this is lapsed: its instance is dead and its reservations are refunded. */
  leaseTtlMs: number
  /** How often this instance renews its lease: a third of the TTL, always below it. */
  leaseRenewIntervalMs: number
  /** How often the leading instance sweeps abandoned reservations. */
  reservationSweepIntervalMs: number
}

export type PaymentsConfig =
  { kind: 'stripe'; secretKey: string; webhookSecret: string } | { kind: 'local'; webhookSecret: string }

export type MailConfig = { from: string } & ({ kind: 'smtp'; url: string } | { kind: 'outbox'; dir: string })

export type MediaStorageConfig =
  | { kind: 'folder'; dir: string }
  | {
      kind: 's3'
      bucket: string
      region: string
      endpoint: string | undefined
      forcePathStyle: boolean
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined
    }

/** S3's region when none is given: what AWS's SDK and most S3-compatible servers accept. */
const DEFAULT_S3_REGION = 'us-east-1'

function mediaStorageConfig(env: Env, dataDir: string): MediaStorageConfig {
  if (!env.S3_BUCKET) return { kind: 'folder', dir: path.join(dataDir, 'media') }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? DEFAULT_S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  }
}

export function resolveConfig(env: Env, repoRoot = REPO_ROOT): AppConfig {
  const dataDir = dataDirFromEnv(env, repoRoot)
  const database = databaseConfigFromEnv(env, repoRoot)
  const sessionSecret = env.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret')
  return {
    env,
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    adminEmails: env.ADMIN_EMAILS,
    sessionSecret,
    identity:
      env.CLERK_SECRET_KEY && env.CLERK_PUBLISHABLE_KEY
        ? {
            kind: 'clerk',
            secretKey: env.CLERK_SECRET_KEY,
            publishableKey: env.CLERK_PUBLISHABLE_KEY,
            ...(env.CLERK_JWT_KEY && { jwtKey: env.CLERK_JWT_KEY }),
            ...(env.CLERK_WEBHOOK_SIGNING_SECRET && { webhookSigningSecret: env.CLERK_WEBHOOK_SIGNING_SECRET }),
          }
        : { kind: 'local' },
    // A production server refuses a development build here, before it opens the database.
    ...webBuildFolders(env, repoRoot),
    migrationsDir: path.resolve(repoRoot, 'prisma/migrations'),
    media: mediaStorageConfig(env, dataDir),
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { kind: 'stripe', secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : { kind: 'local', webhookSecret: env.LOCAL_CHECKOUT_SECRET ?? derivedSecret(sessionSecret, 'local-checkout') },
    mail: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM },
    site: siteDetailsFromEnv(env),
    redisUrl: env.REDIS_URL ?? null,
    instances: {
      leaseTtlMs: env.INSTANCE_LEASE_TTL_MS,
      leaseRenewIntervalMs: leaseRenewInterval(env.INSTANCE_LEASE_TTL_MS),
      reservationSweepIntervalMs: env.RESERVATION_SWEEP_INTERVAL_MS,
    },
    bulk: {
      limits: { maxRows: env.BULK_MAX_ROWS, ownerInFlight: env.BULK_OWNER_IN_FLIGHT },
      queue: {
        concurrency: env.BULK_CONCURRENCY,
        ratePerMinute: env.BULK_PROVIDER_RATE_PER_MINUTE,
        maxAttempts: env.BULK_MAX_ATTEMPTS,
        backoffMs: env.BULK_RETRY_BACKOFF_MS,
      },
      workerLockMs: env.BULK_WORKER_LOCK_MS,
    },
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME }
      : null,
  }
}

export function siteDetailsFromEnv(env: Env): SiteDetails {
  return {
    supportEmail: env.SUPPORT_EMAIL ?? null,
    supportPhone: env.SUPPORT_PHONE ?? null,
    companyName: env.COMPANY_NAME ?? null,
    blogUrl: env.BLOG_URL ?? null,
    makerUrl: env.MAKER_URL ?? null,
  }
}

/**
 * A secret of its own for one purpose, derived from the session secret: it lives as long as that one
 * (kept or configured), and leaking it reveals nothing of the session secret.
 */
function derivedSecret(sessionSecret: string, purpose: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update(purpose).digest('base64url')}`
}

/**
 * Development convenience: a random secret kept in the data folder, so sessions survive restarts
 * without anyone having to invent one. Production refuses to start without SESSION_SECRET (env.ts).
 */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
