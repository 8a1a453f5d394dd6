import path from 'node:path'
import { z } from 'zod'

import { REPO_ROOT } from '@promptly/db/repo-paths'

/** What the soak measures, one latency and error count per kind and minute. */
export const SOAK_KINDS = [
  'catalogue_out',
  'catalogue_in',
  'search',
  'bookmark',
  'generation',
  'image',
  'speech',
  'sign_up',
  'payment',
] as const
export type SoakKind = (typeof SOAK_KINDS)[number]

/**
 * Arrivals per second of each flow, fixed whatever the answers take (an open model: a slow minute
 * does not slow the arrivals down, it piles them up, as real visitors would). About 17 requests a
 * second in all: far from what two instances serve, so the run shows drift, not saturation. The
 * frequent kinds come often enough for a minute's p99 to be a p99 (MIN_REQUESTS_FOR_P99): 120 to 360
 * a minute. The `payment` flow signs a new buyer up (`sign_up`) and pays (`payment`), once a minute.
 */
export const SOAK_FLOW_RATES = {
  catalogue_out: 6,
  catalogue_in: 4,
  search: 4,
  bookmark: 2,
  generation: 1,
  image: 0.1,
  speech: 0.1,
  payment: 1 / 60,
} as const satisfies Partial<Record<SoakKind, number>>
export type SoakFlow = keyof typeof SOAK_FLOW_RATES

/** Requests a second the mix sends, sign-ups counted. */
export const SOAK_REQUESTS_PER_SECOND =
  Object.values(SOAK_FLOW_RATES).reduce((sum, rate) => sum + rate, 0) + SOAK_FLOW_RATES.payment

/** The fake provider's pace: a text answer as 20 chunks 25 ms apart; images and speech after a pause. */
export const PROVIDER_TIMING = { chunks: 20, chunkGapMs: 25, imageMs: 2_000, speechMs: 800 } as const

/** Signed-in users sharing the signed-in traffic, and signed-out visitors (each its own address). */
export const SOAK_USERS = 12
export const SOAK_VISITORS = 40
/** Credits each user is granted at the start: several times what the mix spends in an hour. */
export const SOAK_USER_CREDITS = 5_000
/** Resource samples (metrics, PostgreSQL, Redis) per minute. */
export const SAMPLES_PER_MINUTE = 4
/** The slowest answers of each kind the report keeps, with when they came. */
export const SLOWEST_KEPT = 8
/** A ceiling, not an expectation: a request still unanswered after this counts as an error. */
export const REQUEST_CEILING_MS = 60_000
/** The instances' per-client limit: the server's default, which no simulated client comes near. */
export const SOAK_RATE_LIMIT_PER_MINUTE = 300
/**
 * The Redis database the soak's instances share, apart from the suites' (CLUSTER_REDIS_DB is 5):
 * a half-hour run must not flush, or be flushed by, a test another run starts meanwhile.
 */
export const SOAK_REDIS_DB = 6

/** A day: a soak longer than that is a deployment. */
const MAX_MINUTES = 24 * 60
const MINUTES_MESSAGE = `SOAK_MINUTES is a whole number of minutes, 1 to ${MAX_MINUTES}`
const WARMUP_MESSAGE = 'SOAK_WARMUP_SECONDS is a whole number of seconds, 0 to 600'

const soakEnv = z.object({
  SOAK_MINUTES: z.coerce
    .number({ error: MINUTES_MESSAGE })
    .int(MINUTES_MESSAGE)
    .min(1, MINUTES_MESSAGE)
    .max(MAX_MINUTES, MINUTES_MESSAGE)
    .default(30),
  TEST_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'set TEST_DATABASE_URL to a PostgreSQL server URL' }),
  TEST_REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'set TEST_REDIS_URL to a Redis server URL' }),
  SOAK_WARMUP_SECONDS: z.coerce
    .number({ error: WARMUP_MESSAGE })
    .int(WARMUP_MESSAGE)
    .min(0, WARMUP_MESSAGE)
    .max(600, WARMUP_MESSAGE)
    .default(60),
  SOAK_OUT_DIR: z.string().min(1).optional(),
})

export interface SoakSettings {
  minutes: number
  /** The mix runs this long before the clock starts, unmeasured but for its failures. */
  warmupSeconds: number
  postgresUrl: string
  redisUrl: string
  /** Where the run's JSON and SVG go. */
  outDir: string
  /** The page whose latest-figures section the run rewrites; none when the files go elsewhere (a trial run). */
  docPath: string | null
}

/** The run's settings from the environment; throws with every problem named. */
export function soakSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SoakSettings {
  const parsed = soakEnv.safeParse(env)
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join('; '))
  const { SOAK_OUT_DIR: outDir } = parsed.data
  return {
    minutes: parsed.data.SOAK_MINUTES,
    warmupSeconds: parsed.data.SOAK_WARMUP_SECONDS,
    postgresUrl: parsed.data.TEST_DATABASE_URL,
    redisUrl: parsed.data.TEST_REDIS_URL,
    outDir: outDir === undefined ? path.join(REPO_ROOT, 'docs', 'soak') : path.resolve(outDir),
    docPath: outDir === undefined ? path.join(REPO_ROOT, 'docs', 'soak.md') : null,
  }
}
