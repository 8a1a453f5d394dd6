import pg from 'pg'

/** Reconnection delays: doubled after each failed attempt, from the first to the ceiling. */
export interface ListenerBackoff {
  initialMs: number
  maxMs: number
}

export const DEFAULT_LISTENER_BACKOFF: ListenerBackoff = { initialMs: 100, maxMs: 5_000 }

export interface NotificationListenerOptions {
  /** The PostgreSQL server and database (DATABASE_URL). */
  url: string
  /** The LISTEN channel: a lower-case SQL identifier, so it needs no quoting. */
  channel: string
  /** Each notification's payload (empty when none was sent). Runs on the listener's connection events. */
  onNotification(payload: string): void
  /**
   * After LISTEN took effect again on a new connection. Notifications sent while the old one was down
   * are lost for good (PostgreSQL queues them only for sessions that are listening), so a listener
   * that caches must treat this as "anything may have changed".
   */
  onReconnect(): void
  /** A lost connection or a failed reconnection attempt; the listener keeps trying. */
  onError(error: unknown): void
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this connection from the pool's. */
  applicationName?: string
  backoff?: ListenerBackoff
}

export interface NotificationListener {
  /** Stops reconnecting and closes the connection. */
  close(): Promise<void>
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * LISTENs on one channel over a dedicated connection (a pooled one would be handed to other queries,
 * and LISTEN belongs to a session), reconnecting with exponential backoff whenever the connection is
 * lost: a server restart, a failover, pg_terminate_backend. Resolves once the first LISTEN is in
 * effect and rejects if that first attempt fails: at start-up a database that cannot be reached is
 * the operator's to fix, as it is for the pool.
 *
 * TCP keepalive is on, so a connection that dies silently (a dropped network path) is noticed too,
 * though only after the kernel's probes give up.
 */
export async function listenForNotifications(options: NotificationListenerOptions): Promise<NotificationListener> {
  const { url, channel, onNotification, onReconnect, onError } = options
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a plain channel name: ${channel}`)
  const backoff = options.backoff ?? DEFAULT_LISTENER_BACKOFF
  let current: pg.Client | null = null
  let closed = false
  let delay = backoff.initialMs
  let retryTimer: NodeJS.Timeout | undefined
  let attempt: Promise<void> | undefined

  const lost = (client: pg.Client, error?: unknown) => {
    if (client !== current) return
    current = null
    // An error does not always end the connection; this one is done with either way.
    client.end().catch(() => undefined)
    if (closed) return
    onError(error ?? new Error('The notification connection ended'))
    retryLater()
  }

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      ...(options.applicationName && { application_name: options.applicationName }),
    })
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '')
    })
    // Listened to from the start: an 'error' event nobody listens to would crash the process.
    client.on('error', (error) => lost(client, error))
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch (error) {
      client.end().catch(() => undefined)
      throw error
    }
    if (closed) {
      await client.end()
      return
    }
    current = client
  }

  const retryLater = () => {
    // Jittered, so instances that lost the same server do not all come back in the same millisecond.
    const wait = delay / 2 + (Math.random() * delay) / 2
    delay = Math.min(delay * 2, backoff.maxMs)
    retryTimer = setTimeout(() => {
      attempt = connect().then(
        () => {
          delay = backoff.initialMs
          if (!closed) onReconnect()
        },
        (error: unknown) => {
          if (closed) return
          onError(error)
          retryLater()
        },
      )
    }, wait)
  }

  await connect()
  return {
    async close() {
      closed = true
      clearTimeout(retryTimer)
      await attempt
      const client = current
      current = null
      await client?.end()
    },
  }
}
