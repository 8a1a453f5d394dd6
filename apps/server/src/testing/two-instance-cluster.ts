import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'

import { openDatabase, type Database } from '@promptly/db/client'
import { databasesNamed, databaseUrl, dropDatabase, onServer } from '@promptly/db/testing/postgres-server'

import { SWEEPERS_LOCK_KEY } from '../instances/sweepers-lock.ts'
import { startHeldChatAi, type HeldChatAi } from './held-chat-ai.ts'
import { startS3rverBucket, type S3rverBucket } from './s3rver-bucket.ts'
import { startServerProcesses, stopServerProcesses, type ServerProcess } from './server-processes.ts'
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts'

/** The databases a cluster creates (and drops when it closes). */
export const CLUSTER_DATABASE_PREFIX = 'promptly_twoinst_'
/**
 * The Redis database (index) the cluster's instances share; flushed when it closes, and no other
 * test uses it. Everything else the suites keep in Redis lives in the database TEST_REDIS_URL names.
 */
export const CLUSTER_REDIS_DB = 5

/** What the instances are started with, for tests that depend on one of these values. */
export interface ClusterSettings {
  rateLimitPerMinute: number
  leaseTtlMs: number
  reservationSweepIntervalMs: number
  /** MAIL_FROM: the sender of every mail the instances send. */
  mailFrom: string
  /** Signs payment webhooks the way Stripe does (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string
}

export const CLUSTER_SETTINGS: Omit<ClusterSettings, 'webhookSecret'> = {
  rateLimitPerMinute: 5,
  // The lease 12 s (renewed every 4 s), swept every half second: a crash's credits come back within
  // seconds (a test waits for that). Not shorter: a renewal competes with the requests, and under
  // the 200-generation burst on a loaded machine heartbeats were up to 5 s old.
  leaseTtlMs: 12_000,
  reservationSweepIntervalMs: 500,
  mailFrom: 'Promptly <no-reply@promptly.test>',
}

export interface TwoInstanceCluster {
  /** Two `node dist/main.js` processes on one fresh PostgreSQL database and one Redis. */
  instances: readonly [ServerProcess, ServerProcess]
  /** This process's own connection to the instances' database, to look at (and set up) what they share. */
  db: Database
  /** The OpenAI-compatible server both instances use. */
  ai: HeldChatAi
  /** The S3-compatible server whose bucket both instances keep their media in. */
  s3: S3rverBucket
  /** The SMTP server both instances send their mail to, keeping what it receives. */
  mail: SmtpCapture
  settings: ClusterSettings
  /** The database's name on the server. */
  databaseName: string
  /** The Redis database the instances share (its URL names the index). */
  redisUrl: string
  /** Stops what still runs (SIGTERM), drops the database, flushes the Redis database. Safe to call twice. */
  close(): Promise<void>
}

export interface ClusterOptions {
  /** A PostgreSQL server where a database may be created (TEST_DATABASE_URL). */
  postgresUrl: string
  /** A Redis server (TEST_REDIS_URL); the cluster uses its database CLUSTER_REDIS_DB. */
  redisUrl: string
  /** Instance log level (default warn: the harness keeps the last lines for failure messages). */
  logLevel?: string
  /** The Redis database (index) to use instead of CLUSTER_REDIS_DB: a long run kept apart from the suites. */
  redisDb?: number
  /** Settings on top of the cluster's own, for every instance (a bench's provider, limits, metrics). */
  env?: Record<string, string>
  /** Settings of one instance on top of everything else (its index from 0). */
  envFor?: (index: number) => Record<string, string>
}

/**
 * Starts two server processes as an operator runs them (README, Several instances): production mode,
 * local accounts, Stripe's webhook checked with its secret (the API key is never called), one
 * PostgreSQL database they create and migrate themselves at start-up, racing for the migration lock as
 * a deployment does, one Redis, one S3-compatible bucket for media and one SMTP server for mail, as a
 * compose stack gives them. Both trust a loopback proxy, so tests name each client in
 * X-Forwarded-For (process-client.ts). The AI is an OpenAI-compatible fake whose answers a test can
 * hold; the bucket (s3rver) and the mail catcher run in this process.
 */
export async function startTwoInstanceCluster(options: ClusterOptions): Promise<TwoInstanceCluster> {
  // Named with its creation time, so a later run can drop what a killed run left behind.
  const databaseName = `${CLUSTER_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`
  const url = databaseUrl(options.postgresUrl, databaseName)
  const redisUrl = redisDatabaseUrl(options.redisUrl, options.redisDb ?? CLUSTER_REDIS_DB)
  const settings: ClusterSettings = {
    ...CLUSTER_SETTINGS,
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'promptly-two-instances-'))
  const cleanups: Array<() => Promise<unknown>> = [() => rm(workDir, { recursive: true, force: true })]
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  }
  try {
    await onServer(options.postgresUrl, async (client) => {
      await dropAbandonedDatabases(client)
      await client.query(`CREATE DATABASE "${databaseName}"`)
    })
    cleanups.push(() => onServer(options.postgresUrl, (client) => dropDatabase(client, databaseName)))
    cleanups.push(() => flushRedisDatabase(redisUrl))
    const ai = await startHeldChatAi()
    cleanups.push(() => ai.server.close())
    const s3 = await startS3rverBucket()
    cleanups.push(() => s3.close())
    const mail = await startSmtpCapture()
    cleanups.push(() => mail.close())
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      // Every instance of one deployment shares the secrets.
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      STRIPE_SECRET_KEY: 'sk_test_offline_never_called',
      STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: String(settings.rateLimitPerMinute),
      INSTANCE_LEASE_TTL_MS: String(settings.leaseTtlMs),
      RESERVATION_SWEEP_INTERVAL_MS: String(settings.reservationSweepIntervalMs),
      // The API is what is under test: no web build is needed (pages answer the not-built notice).
      WEB_DIST_DIR: path.join(workDir, 'no-web-app'),
      WEB_SERVER_DIST_DIR: path.join(workDir, 'no-web-app-server'),
      ...ai.env,
      ...s3.env,
      SMTP_URL: mail.url,
      MAIL_FROM: settings.mailFrom,
      ...options.env,
    }
    const instances = await startServerProcesses({
      count: 2,
      env,
      // Each its own data folder, as on two machines (media go to the bucket, mail over SMTP), and its
      // name on its database connections (application_name), so pg_stat_activity tells whose a session is.
      envFor: (index) => ({
        DATA_DIR: path.join(workDir, `instance-${index}`),
        DATABASE_URL: withApplicationName(url, `instance-${index}`),
        ...options.envFor?.(index),
      }),
    })
    const [first, second] = instances
    if (!first || !second) throw new Error('two instances were asked for')
    cleanups.push(() => stopServerProcesses(instances))
    const db = await openDatabase({ url })
    cleanups.push(() => db.close())
    return { instances: [first, second], db, ai, s3, mail, settings, databaseName, redisUrl, close: closeAll }
  } catch (error) {
    await closeAll()
    throw error
  }
}

/**
 * The instance leading the sweepers: the one whose connection holds the advisory lock, or null
 * while none does (the leader died and no other has asked since).
 */
export async function sweepersLeader(cluster: TwoInstanceCluster): Promise<ServerProcess | null> {
  const rows = await cluster.db.raw.query<{ name: string }>(
    `SELECT a.application_name AS name
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.database = a.datid
        AND a.datname = current_database()`,
    [SWEEPERS_LOCK_KEY],
  )
  const name = rows[0]?.name
  return cluster.instances.find((instance) => instance.name === name) ?? null
}

function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set('application_name', name)
  return parsed.toString()
}

/** A cluster database older than this was left by a run that was killed before it could drop it. */
const ABANDONED_AFTER_S = 60 * 60

const CLUSTER_DATABASE_NAME = new RegExp(`^${CLUSTER_DATABASE_PREFIX}(\\d+)_[0-9a-f]+$`)

async function dropAbandonedDatabases(client: Parameters<typeof dropDatabase>[0]): Promise<void> {
  const now = Math.floor(Date.now() / 1000)
  for (const name of await databasesNamed(client, CLUSTER_DATABASE_PREFIX)) {
    const created = Number(CLUSTER_DATABASE_NAME.exec(name)?.[1])
    if (Number.isInteger(created) && now - created > ABANDONED_AFTER_S) await dropDatabase(client, name)
  }
}

/** The same Redis server, database `index`. */
function redisDatabaseUrl(serverUrl: string, index: number): string {
  const parsed = new URL(serverUrl)
  parsed.pathname = `/${index}`
  return parsed.toString()
}

async function flushRedisDatabase(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}
