import { pino } from 'pino'

import type { AiProvider } from '@promptly/ai/provider'
import type { RowQueue } from '@promptly/api/bulk/row-queue'
import { createCaches, type Caches } from '@promptly/api/caching/caches'
import type { PaymentProvider } from '@promptly/api/payments/payment-provider'
import type { MediaStorage } from '@promptly/api/storage/media-storage'
import { noTelemetry, type Telemetry } from '@promptly/api/telemetry/telemetry'
import { timedAiProvider } from '@promptly/api/telemetry/timed-ai-provider'
import type { Database } from '@promptly/db/client'

import { createServerAi } from './ai/server-ai.ts'
import { selectRowQueue } from './bulk-queue/select-row-queue.ts'
import type { AppConfig } from './config/app-config.ts'
import type { ClerkIdentityOptions } from './identity/clerk/clerk-identity.ts'
import { IdentityCache } from './identity/identity-cache.ts'
import type { IdentityProvider } from './identity/identity-provider.ts'
import { createLocalIdentity } from './identity/local/local-identity.ts'
import { loggerOptions } from './logging.ts'
import type { Mailer } from './mail/mailer.ts'
import { createOutboxMailer } from './mail/outbox-mailer.ts'
import type { ServerMetrics } from './metrics/server-metrics.ts'
import { createLocalCheckout } from './payments/local-checkout.ts'
import type { StripeClientOptions } from './payments/stripe-payments.ts'
import { ApiKeyCache } from './rest/api-key-cache.ts'
import { selectSharedState, type SharedState } from './shared-state/shared-state.ts'
import { FolderMediaStorage } from './storage/folder-media-storage.ts'
import { keyCheckedStorage } from './storage/key-checked-media-storage.ts'
import type { ServerTracing } from './tracing/start-tracing.ts'

/**
 * The outside services the app talks to. buildServices is the one place that picks each from config;
 * tests and two-instance runs swap one by giving it here (`buildServices(config, db, { ai: fakeAi })`)
 * or by spreading (`{ ...defaults, ai: fakeAi }`), and nothing else in the app decides.
 */
export interface Services {
  /** Who vouches for users: Clerk when both its keys are configured, local accounts otherwise. */
  identity: IdentityProvider
  /** Who answers generations: an OpenAI-compatible server, or the built-in local model (ai/server-ai.ts). */
  ai: AiProvider
  /** Where generated images and audio go: an S3-compatible bucket when S3_BUCKET is set, else a folder. */
  media: MediaStorage
  /** How mail leaves: SMTP when SMTP_URL is set, else one .eml file per message in the outbox folder. */
  mail: Mailer
  /**
   * Who takes payments: Stripe Checkout when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set,
   * else the local checkout page (which sells nothing in production: it takes no money).
   */
  payments: PaymentProvider
  /**
   * The instance's data caches (docs/architecture.md): the catalogue and the bookmark sets the
   * handlers read through (the request context carries them), the signed-in callers the identity
   * reads, and the bus their invalidations travel on, opened by the shared state (NOTIFY on a shared
   * PostgreSQL database, else this process alone).
   */
  caches: ServerCaches
  /**
   * What the instances share (shared-state/shared-state.ts): the rate limit and the sign-in, sign-up
   * and reset throttles count in Redis when REDIS_URL is set, the sweepers' lead is a PostgreSQL
   * advisory lock and the caches' bus a NOTIFY channel when DATABASE_URL is set; otherwise each
   * process counts, leads and invalidates on its own. The one place that chooses.
   */
  sharedState: SharedState
  /**
   * Where the domain reports what it does (generations, credits, payments, procedures, cache reads):
   * this instance's Prometheus registry when METRICS_PORT is set (metrics/server-metrics.ts), else
   * the no-op, which costs nothing; its spans are exported when OTEL_EXPORTER_OTLP_ENDPOINT is set
   * (tracing/start-tracing.ts), else they are the no-op's.
   */
  telemetry: Telemetry
  /**
   * Where bulk runs' rows wait for a worker (bulk-queue/): BullMQ on Redis when REDIS_URL is set, so
   * every instance's workers share one queue and one provider rate limit; else a queue in this process.
   */
  rowQueue: RowQueue
}

/** The data caches of @promptly/api, and the identity's: one set per server instance. */
export type ServerCaches = Caches & {
  /** Verified callers by credential (identity/identity-cache.ts): local sessions, Clerk accounts. */
  sessions: IdentityCache
  /** API keys accepted in the last seconds, by their hash (rest/api-key-cache.ts). */
  apiKeys: ApiKeyCache
}

export interface AppServices extends Services {
  /** The metrics listener and its registry (METRICS_PORT); null when metrics are off. */
  metrics: ServerMetrics | null
  /** The traces' exporter and the request spans (OTEL_EXPORTER_OTLP_ENDPOINT); null when traces are off. */
  tracing: ServerTracing | null
  /**
   * Releases what buildServices built (the local model server with its last user, the S3 client,
   * the SMTP pool, the shared state's Redis connection and leads); parts the caller gave stay the
   * caller's. buildApp calls it when the app closes.
   */
  close(): Promise<void>
}

export interface BuildServicesOptions extends Partial<Services> {
  /** Clerk test options: tokens verified offline, the Backend API lookup replaced. */
  clerk?: ClerkIdentityOptions
  /** Where the Stripe SDK sends its calls (tests: a local fake Stripe). */
  stripe?: StripeClientOptions
  /** Where the outbox's log lines go (standard output by default), as for the app's own log. */
  logStream?: NodeJS.WritableStream
}

/** Builds every service the options do not give, from the validated config. */
export async function buildServices(
  config: AppConfig,
  db: Database,
  { clerk, logStream, stripe, ...given }: BuildServicesOptions = {},
): Promise<AppServices> {
  const releases: (() => Promise<void> | void)[] = []
  const built = (release: () => Promise<void> | void) => releases.push(release)
  try {
    const sharedState = given.sharedState ?? (await buildSharedState(config, logStream, built))
    const metrics = await buildMetrics(config, db, sharedState, logStream, built)
    const tracing = await buildTracing(config, logStream, built)
    const reports = given.telemetry ?? metrics?.telemetry ?? noTelemetry
    const telemetry = tracing ? tracing.withSpans(reports) : reports
    const caches = given.caches ?? (await buildCaches(db, sharedState, built, telemetry))
    const identity = given.identity ?? (await selectIdentity(config, db, { sharedState, caches, telemetry }, clerk))
    const ai = timedUnlessNoop(given.ai ?? selectAi(config, built), telemetry)
    const media = given.media ?? (await selectMediaStorage(config, built))
    const mail = given.mail ?? (await selectMailer(config, logStream, built))
    const payments = given.payments ?? (await selectPayments(config, stripe))
    const rowQueue = given.rowQueue ?? (await buildRowQueue(config, logStream, built))
    const close = () => releaseAll(releases)
    return { identity, ai, media, mail, payments, caches, sharedState, telemetry, rowQueue, metrics, tracing, close }
  } catch (error) {
    await releaseAll(releases)
    throw error
  }
}

async function releaseAll(releases: (() => Promise<void> | void)[]): Promise<void> {
  const pending = releases.splice(0).map(async (release) => release())
  await Promise.all(pending)
}

type Built = (release: () => Promise<void> | void) => void

async function selectIdentity(
  config: AppConfig,
  db: Database,
  { sharedState, caches, telemetry }: { sharedState: SharedState; caches: ServerCaches; telemetry: Telemetry },
  clerk: ClerkIdentityOptions = {},
): Promise<IdentityProvider> {
  if (config.identity.kind === 'clerk') {
    // Imported only when used: local-account servers (and most tests) never load Clerk's SDK.
    const { createClerkIdentity } = await import('./identity/clerk/clerk-identity.ts')
    return createClerkIdentity(config, config.identity, db, { ...caches, telemetry }, clerk)
  }
  return createLocalIdentity(config, db, { counts: sharedState, caches, telemetry })
}

/** The metrics registry and its listener when METRICS_PORT is set (released with the services); else null. */
async function buildMetrics(
  config: AppConfig,
  db: Database,
  sharedState: SharedState,
  logStream: NodeJS.WritableStream | undefined,
  built: Built,
): Promise<ServerMetrics | null> {
  if (!config.metrics) return null
  // Imported only when used: prom-client loads @opentelemetry/api, which a server without metrics
  // or traces never needs.
  const { startServerMetrics } = await import('./metrics/server-metrics.ts')
  const log = serviceLog(config, logStream)
  const onError = (error: unknown) => log.error({ err: error }, 'metrics scrape failed')
  const metrics = await startServerMetrics(config.metrics, { db, pingRedis: sharedState.pingRedis, onError })
  built(() => metrics.close())
  return metrics
}

/**
 * Traces exported to OTEL_EXPORTER_OTLP_ENDPOINT when it is set (flushed and stopped with the
 * services); else null, and no OpenTelemetry module is ever loaded: this import is the only way in.
 */
async function buildTracing(
  config: AppConfig,
  logStream: NodeJS.WritableStream | undefined,
  built: Built,
): Promise<ServerTracing | null> {
  if (!config.tracing) return null
  const { startTracing } = await import('./tracing/start-tracing.ts')
  const tracing = startTracing(config.tracing, serviceLog(config, logStream))
  built(() => tracing.shutdown())
  return tracing
}

/** The provider with each call timed and traced, when anything listens; as it is otherwise, at no cost. */
function timedUnlessNoop(ai: AiProvider, telemetry: Telemetry): AiProvider {
  return telemetry === noTelemetry ? ai : timedAiProvider(ai, telemetry)
}

async function buildSharedState(
  config: AppConfig,
  logStream: NodeJS.WritableStream | undefined,
  built: Built,
): Promise<SharedState> {
  const sharedState = await selectSharedState(config, serviceLog(config, logStream))
  built(() => sharedState.close())
  return sharedState
}

async function buildRowQueue(
  config: AppConfig,
  logStream: NodeJS.WritableStream | undefined,
  built: Built,
): Promise<RowQueue> {
  const log = serviceLog(config, logStream)
  const queue = await selectRowQueue({
    redisUrl: config.redisUrl,
    settings: config.bulk.queue,
    workerLockMs: config.bulk.workerLockMs,
    onError: (error) => log.error({ err: error }, 'bulk queue error'),
  })
  built(() => queue.close())
  return queue
}

function selectAi(config: AppConfig, built: Built): AiProvider {
  const ai = createServerAi(config.env.ai)
  built(() => ai.close())
  return ai.provider
}

// The SDKs below (S3, Stripe, SMTP) are imported only when their setting asks for them: each costs
// tens of milliseconds and megabytes of heap at every start of a server that does not use it.

async function selectMediaStorage({ media }: AppConfig, built: Built): Promise<MediaStorage> {
  if (media.kind === 'folder') return keyCheckedStorage(new FolderMediaStorage(media.dir))
  const { S3MediaStorage } = await import('./storage/s3-media-storage.ts')
  const s3 = new S3MediaStorage(media)
  built(() => s3.close())
  return keyCheckedStorage(s3)
}

async function selectPayments(
  { payments, appUrl, nodeEnv }: AppConfig,
  client?: StripeClientOptions,
): Promise<PaymentProvider> {
  if (payments.kind === 'stripe') {
    const { createStripePayments } = await import('./payments/stripe-payments.ts')
    return createStripePayments({ ...payments, appUrl, ...(client && { client }) })
  }
  return createLocalCheckout({ appUrl, webhookSecret: payments.webhookSecret, enabled: nodeEnv !== 'production' })
}

async function selectMailer(
  config: AppConfig,
  logStream: NodeJS.WritableStream | undefined,
  built: Built,
): Promise<Mailer> {
  const mailer =
    config.mail.kind === 'smtp'
      ? (await import('./mail/smtp-mailer.ts')).createSmtpMailer({ url: config.mail.url, from: config.mail.from })
      : createOutboxMailer({
          dir: config.mail.dir,
          from: config.mail.from,
          log: outboxLog(config, logStream),
        })
  built(() => mailer.close())
  return mailer
}

/** One set of caches per instance, each subscribed to the instance's bus; released with the bus. */
async function buildCaches(
  db: Database,
  sharedState: SharedState,
  built: Built,
  telemetry: Telemetry,
): Promise<ServerCaches> {
  const bus = await sharedState.openCacheBus(db.prisma)
  built(() => bus.close())
  return { ...createCaches(bus, telemetry), sessions: new IdentityCache(bus), apiKeys: new ApiKeyCache(bus) }
}

/** The outbox's line: which message, to whom; never what it says. */
function outboxLog(config: AppConfig, logStream: NodeJS.WritableStream | undefined) {
  const log = serviceLog(config, logStream)
  return (mail: { id: string; to: string }) => log.info({ mail }, 'mail written to the outbox')
}

/** A service's log, written like the app's own (same level, redaction and stream), before any app exists. */
function serviceLog(config: AppConfig, logStream: NodeJS.WritableStream | undefined) {
  const options = loggerOptions(config, logStream)
  if (typeof options !== 'object') return pino({ enabled: false })
  return logStream ? pino(options, logStream) : pino(options)
}
