import { z, ZodError } from 'zod'

import { aiConfigFromEnv, type AiConfig } from '@promptly/ai/config'
import { optionalText, optionalUrl, personalToolLimit } from '@promptly/core/config/env-fields'
import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'
import { DEFAULT_BRAND_VOICE_LIMIT } from '@promptly/core/voices/brand-voice'
import { webBuildModeFor, type WebBuildMode } from '@promptly/core/web/web-build-mode'

import { RESERVATION_SWEEP_INTERVAL_MS } from '../credits/reservation-sweeping.ts'
import { LEASE_TTL_MS } from '../instances/instance-lease.ts'
import { clerkJwtKey, clerkWebhookSigningSecret } from './clerk-env-fields.ts'
import { trustProxySetting } from './trust-proxy.ts'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

/** A variable set to nothing (or blanks) counts as unset. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** A duration in whole milliseconds within [min, max]; unset or blank gives `fallback`. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess(blankAsUnset, z.coerce.number().int().min(min).max(max).default(fallback))
/** A duration, in whole milliseconds. */
const milliseconds = wholeNumber

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgresql:// URL')

/**
 * Every setting the server reads from the environment, except the AI ones (OPENAI_*,
 * LOCAL_MODEL_CHUNK_DELAY_MS): those are read and validated by packages/ai's own schema
 * (aiConfigFromEnv), the one source for them, and land in `Env.ai`. README.md's configuration
 * table mirrors both.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: optionalText,
    DATABASE_URL: postgresUrl.optional(),
    PGLITE_DIR: optionalText,
    SEED_ON_START: booleanFlag.default(true),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CLERK_SECRET_KEY: optionalText,
    CLERK_PUBLISHABLE_KEY: optionalText,
    /**
     * Clerk's JWT public key: session tokens verify on this machine, and a verified token is kept until
     * its expiry (identity/clerk/clerk-token-cache.ts). Unset, Clerk's plugin verifies every request
     * against its JWKS endpoint, and Clerk users never take the catalogue fast path.
     */
    CLERK_JWT_KEY: clerkJwtKey,
    /** Verifies Clerk's webhook (POST /api/webhooks/clerk): an ended session's tokens are refused at once. */
    CLERK_WEBHOOK_SIGNING_SECRET: clerkWebhookSigningSecret,
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Signs the local checkout's payment events (Stripe's format); derived from SESSION_SECRET when unset. */
    LOCAL_CHECKOUT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Signs the capability URLs of generated images and audio (/media/{id}?exp=&sig=); derived from
     * SESSION_SECRET when unset. Changing it revokes every media URL handed out, and nothing else.
     */
    MEDIA_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /** Requests per minute per API key on /api/v1 and /api/v2, on top of the per-client limit. */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    TRUST_PROXY: trustProxySetting,
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    WEB_DIST_DIR: optionalText,
    WEB_SERVER_DIST_DIR: optionalText,
    /** Where generated images and audio go: an S3-compatible bucket when set, else `<DATA_DIR>/media`. */
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl(/^https?$/),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /**
     * Shared state for several instances (redis:// or rediss://): the rate limit and the sign-in,
     * sign-up and reset throttles count across all of them. Unset: each process counts on its own.
     */
    REDIS_URL: optionalUrl(/^rediss?$/),
    /**
     * An instance whose lease (heartbeat, renewed every third of this) is older than this is taken for
     * dead and its reservations are refunded. Shorter brings a crash's credits back sooner; too short
     * takes a busy but live instance for dead (its renewal competes with the requests, and under a
     * burst of generations on a loaded machine a heartbeat falls seconds behind).
     */
    INSTANCE_LEASE_TTL_MS: milliseconds(5_000, 600_000, LEASE_TTL_MS),
    /** How often the leading instance looks for reservations to refund. */
    RESERVATION_SWEEP_INTERVAL_MS: milliseconds(100, 600_000, RESERVATION_SWEEP_INTERVAL_MS),
    /** Most rows one bulk job may hold. */
    BULK_MAX_ROWS: wholeNumber(1, 1_000_000, 10_000),
    /** Bulk rows one instance runs at once (each is one provider call). */
    BULK_CONCURRENCY: wholeNumber(1, 500, 4),
    /**
     * Bulk rows started per minute across every instance: the provider's rate limit, shared through
     * Redis when REDIS_URL is set (the in-process runner counts for its own process only).
     */
    BULK_PROVIDER_RATE_PER_MINUTE: wholeNumber(1, 1_000_000, 600),
    /**
     * Most rows of one owner in the queue at once: what keeps one owner's large job from starving
     * another's. At least BULK_CONCURRENCY x instances lets a lone job use every worker.
     */
    BULK_OWNER_IN_FLIGHT: wholeNumber(1, 10_000, 8),
    /** Runs of one row before it is marked failed (its credits refunded each time). */
    BULK_MAX_ATTEMPTS: wholeNumber(1, 20, 4),
    /** The first retry's delay after a provider error; each next one doubles it. */
    BULK_RETRY_BACKOFF_MS: milliseconds(10, 600_000, 2_000),
    /**
     * How long a bulk worker's hold on a row lasts without renewal (BullMQ's lock): a worker that died
     * has its rows taken by another within this and half of it again. Too short takes a busy worker's
     * rows for abandoned and runs them twice (charged once, the provider asked twice).
     */
    BULK_WORKER_LOCK_MS: milliseconds(1_000, 600_000, 30_000),
    /**
     * Serves Prometheus metrics at GET /metrics on a listener of its own, on this port (0: any free
     * one); unset, no metrics are kept or served. Never on the public port (docs/metrics.md).
     */
    METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).optional()),
    /** The address the metrics listener binds: loopback by default; 0.0.0.0 inside a container. */
    METRICS_HOST: z.preprocess(blankAsUnset, z.string().trim().min(1).default('127.0.0.1')),
    /**
     * Exports traces over OTLP/HTTP to this collector (its base URL: `/v1/traces` is added, as the
     * OpenTelemetry specification says); unset, nothing is traced and no OpenTelemetry module is
     * loaded (docs/tracing.md).
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?$/),
    /** The `service.name` every span carries, which names this server in the trace store. */
    OTEL_SERVICE_NAME: z.preprocess(
      blankAsUnset,
      z
        .string()
        .trim()
        .max(100, 'must be at most 100 characters')
        .regex(/^\P{Cc}+$/u, 'must not contain control characters')
        .default('promptly'),
    ),
    /** Outgoing mail over SMTP (smtp:// or smtps://, credentials in the URL); unset: `<DATA_DIR>/outbox`. */
    SMTP_URL: optionalUrl(/^smtps?$/),
    MAIL_FROM: z.string().trim().min(3).default('Promptly <no-reply@localhost>'),
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
    /** Most referral rewards one referrer earns in any 24 hours (0 turns rewards off). */
    REFERRAL_DAILY_CAP: z.coerce.number().int().min(0).max(1000).default(DEFAULT_REFERRAL_DAILY_CAP),
    /** Most personal (unpublished) tools one user may keep in the tool-builder. */
    PERSONAL_TOOL_LIMIT: personalToolLimit,
    /** Most brand voices one user may keep (0 turns brand voices off). */
    BRAND_VOICE_LIMIT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_BRAND_VOICE_LIMIT),
    /** The operator's details on the contact and legal pages and in the footer; unset, the pages say so. */
    SUPPORT_EMAIL: z.preprocess(blankAsUnset, z.email('must be an e-mail address').optional()),
    SUPPORT_PHONE: z.preprocess(
      blankAsUnset,
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s().-]{3,30}$/, 'must be a phone number (digits, spaces, + ( ) . -)')
        .optional(),
    ),
    COMPANY_NAME: z.preprocess(blankAsUnset, z.string().trim().max(120, 'must be at most 120 characters').optional()),
    /** An external blog for the footer's Blog link; unset, the link stays on the internal /blog page. */
    BLOG_URL: optionalUrl(/^https?$/),
    /** The maker's site, linked from the footer's credit line; unset, the line has no link. */
    MAKER_URL: optionalUrl(/^https?$/),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.CLERK_SECRET_KEY) !== Boolean(env.CLERK_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.CLERK_SECRET_KEY ? 'CLERK_PUBLISHABLE_KEY' : 'CLERK_SECRET_KEY'],
        message: 'Clerk needs both CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY (or neither, for local accounts)',
      })
    }
    for (const name of ['CLERK_JWT_KEY', 'CLERK_WEBHOOK_SIGNING_SECRET'] as const) {
      if (env[name] && !env.CLERK_SECRET_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is read only with Clerk identity (CLERK_SECRET_KEY and CLERK_PUBLISHABLE_KEY)',
        })
      }
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set (webhooks are verified by signature)',
      })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          "S3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or neither, for the SDK's own credential chain)",
      })
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_REGION)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when other S3_* settings are given' })
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      })
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET && !env.CLERK_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production with local accounts',
      })
    }
  })

export type Env = z.infer<typeof envSchema> & {
  /**
   * OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_*_MODEL, OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES, LOCAL_MODEL_CHUNK_DELAY_MS.
   */
  ai: AiConfig
  /**
   * The web build this environment makes and serves, from NODE_ENV as it is set: unset, the server
   * runs as development, yet `npm run build` made a production build (config/web-build-folders.ts).
   */
  webBuildMode: WebBuildMode
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment; throws ConfigError with one line per bad value, never echoing a value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  const ai = parseAiEnv(source)
  const problems = [...(result.success ? [] : result.error.issues), ...(ai instanceof ZodError ? ai.issues : [])].map(
    (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
  )
  if (!result.success || ai instanceof ZodError) throw new ConfigError(problems)
  return { ...result.data, ai, webBuildMode: webBuildModeFor(source.NODE_ENV) }
}

/** The AI settings, or their problems, so one ConfigError can list every bad value at once. */
function parseAiEnv(source: Record<string, string | undefined>): AiConfig | ZodError {
  try {
    return aiConfigFromEnv(source)
  } catch (error) {
    if (error instanceof ZodError) return error
    throw error
  }
}
