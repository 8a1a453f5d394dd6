import pg from 'pg'

export interface Leadership {
  /**
   * Whether this process leads now: takes the lead when it is free, and keeps it while this process's
   * connection lives. Never throws: a lost connection means not leading (another instance takes over).
   */
  leads(): Promise<boolean>
  /** Gives up the lead (and its connection), so another instance can take it at once. */
  close(): Promise<void>
}

export interface LeadershipLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

/** The process alone leads: one process holds an embedded (PGlite) database. */
export const soleLeadership: Leadership = { leads: async () => true, close: async () => undefined }

/**
 * One leader among the processes on one PostgreSQL database, by a session-level advisory lock held
 * on a connection of its own: PostgreSQL releases it when the connection ends, however the process
 * died, and the next instance to ask takes it. `lockKey` names what is led (one number per role).
 */
export function postgresLeadership(url: string, lockKey: number, log: LeadershipLog): Leadership {
  let client: pg.Client | null = null
  let leading = false
  let closed = false

  const drop = () => {
    client?.end().catch(() => undefined)
    client = null
    if (leading) log.warn({ lockKey }, 'lost the lead of the sweepers')
    leading = false
  }

  const ask = async (): Promise<boolean> => {
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, keepAlive: true })
        // Listened to from the start: an 'error' event nobody listens to would crash the process.
        fresh.on('error', () => fresh === client && drop())
        await fresh.connect()
        // Closed while connecting: this session must not take a lock nobody would give back.
        if (closed) {
          await fresh.end().catch(() => undefined)
          return false
        }
        client = fresh
      }
      if (leading) {
        // The lock lives as long as this session: a query that works says it still does.
        await client.query('SELECT 1')
        return true
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lockKey])
      leading = rows[0]?.locked === true
      if (leading) log.info({ lockKey }, 'leads the sweepers')
      return leading
    } catch (error) {
      log.warn({ err: error, lockKey }, 'could not ask for the lead of the sweepers')
      drop()
      return false
    }
  }
  // An instance's sweepers ask at once (all of them at start-up): they share one ask, so one session
  // asks. Each asking on a session of its own, one took the lock and a later one, refused, said no:
  // the instance held the lock on a session it no longer used, and neither it nor any other swept.
  let asking: Promise<boolean> | null = null

  return {
    leads() {
      if (closed) return Promise.resolve(false)
      asking ??= ask().finally(() => {
        asking = null
      })
      return asking
    },
    async close() {
      closed = true
      const ending = client
      client = null
      leading = false
      await ending?.end().catch(() => undefined)
    },
  }
}
