import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { listenForNotifications, type NotificationListener } from './notification-listener.ts'
import { onServer } from './testing/postgres-server.ts'
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts'

const CHANNEL = 'listener_test'
const NAME = 'promptly-listener-test'
/** A ceiling for a busy machine, never a wait: each retry comes within the backoff's 200 ms. */
const EVENTUALLY = { timeout: 30_000, interval: 10 }

// LISTEN/NOTIFY between connections: PGlite has one, in this process.
describe.runIf(process.env.TEST_DB === 'postgres')('listenForNotifications', () => {
  let db: TestDatabase
  let listener: NotificationListener | undefined
  const payloads: string[] = []
  const errors: unknown[] = []
  let reconnects = 0

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false })
  })
  afterAll(async () => {
    await listener?.close()
    await db?.close()
  })

  const notify = (payload: string) => db.raw.query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
  // Both through the server's maintenance database: the test database may be refusing connections.
  const onTestServer = <T>(work: (client: pg.Client, name: string) => Promise<T>) =>
    onServer(process.env.TEST_DATABASE_URL!, (client) => work(client, new URL(db.url!).pathname.slice(1)))
  const terminateListener = () =>
    onTestServer(async (client, name) => {
      // Materialized first: a terminate in the same WHERE could be evaluated before the filters.
      const { rows } = await client.query<{ terminated: boolean }>(
        `WITH listening AS MATERIALIZED (
           SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = $2
         )
         SELECT pg_terminate_backend(pid) AS terminated FROM listening`,
        [NAME, name],
      )
      return rows
    })
  const allowConnections = (allowed: boolean) =>
    onTestServer((client, name) => client.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${allowed}`))

  it('refuses a channel name that would need quoting', async () => {
    await expect(
      listenForNotifications({
        url: db.url!,
        channel: 'x; DROP TABLE users',
        onNotification: () => undefined,
        onReconnect: () => undefined,
        onError: () => undefined,
      }),
    ).rejects.toThrow('Not a plain channel name')
  })

  it('delivers the channel’s notifications once listening', async () => {
    listener = await listenForNotifications({
      url: db.url!,
      channel: CHANNEL,
      applicationName: NAME,
      backoff: { initialMs: 50, maxMs: 200 },
      onNotification: (payload) => payloads.push(payload),
      onReconnect: () => (reconnects += 1),
      onError: (error) => errors.push(error),
    })
    await db.raw.query('SELECT pg_notify($1, $2)', ['another_channel', 'not this one'])
    await notify('first')
    await vi.waitFor(() => expect(payloads).toEqual(['first']), EVENTUALLY)
  })

  it('keeps retrying while the database refuses it, and listens again once it can connect', async () => {
    await allowConnections(false)
    try {
      expect(await terminateListener()).toEqual([{ terminated: true }])
      // The lost connection, then at least two refused attempts: it did not give up after one.
      await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(3), EVENTUALLY)
      expect(reconnects).toBe(0)
    } finally {
      await allowConnections(true)
    }
    await vi.waitFor(() => expect(reconnects).toBe(1), EVENTUALLY)
    await notify('after reconnecting')
    await vi.waitFor(() => expect(payloads).toEqual(['first', 'after reconnecting']), EVENTUALLY)
  })

  it('closes its connection', async () => {
    await listener!.close()
    listener = undefined
    expect(await terminateListener()).toEqual([])
  })
})
