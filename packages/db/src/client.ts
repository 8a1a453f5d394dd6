import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'

import { PrismaClient } from './generated/prisma/client.ts'

export type Db = PrismaClient
export type { Prisma } from './generated/prisma/client.ts'

/** SQL on one connection: inside `RawSql.transaction`, every statement joins the same transaction. */
export interface RawSqlSession {
  /** Several statements separated by semicolons, no parameters. */
  exec(sql: string): Promise<void>
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>
}

/** Runs SQL outside Prisma: the migration runner's statements and its lock. */
export interface RawSql extends RawSqlSession {
  /** Runs `work` holding a database-wide lock named by `key`, so concurrent callers take turns. */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws. (BEGIN and COMMIT sent through `exec` could land on different pooled connections.)
   */
  transaction<T>(work: (tx: RawSqlSession) => Promise<T>): Promise<T>
}

export interface Database {
  kind: 'postgres' | 'pglite'
  prisma: PrismaClient
  raw: RawSql
  /** PostgreSQL only: the connection pool's use right now (the server's metrics read it at each scrape). */
  pool?: PoolUse
  close(): Promise<void>
}

/** How busy a connection pool is: connections open, idle among them, and callers waiting for one. */
export type PoolUse = Readonly<Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>>

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { pglite: PGlite }

export interface OpenDatabaseOptions {
  /**
   * Called with every SQL statement Prisma sends (Prisma's query events). For tests and benchmarks
   * that assert how many statements a request costs; off otherwise, as logging every query is not free.
   */
  onQuery?: (sql: string) => void
}

/** PostgreSQL when a URL is given, embedded PGlite otherwise (a folder, `memory://`, or an open instance). */
export async function openDatabase(target: DatabaseTarget, opts: OpenDatabaseOptions = {}): Promise<Database> {
  return 'url' in target
    ? openPostgres(target.url, opts)
    : openPGlite('pglite' in target ? target.pglite : await createPGlite(target.pgliteDir), opts)
}

function createPrismaClient(adapter: PrismaPg | PrismaPGlite, { onQuery }: OpenDatabaseOptions): PrismaClient {
  if (!onQuery) return new PrismaClient({ adapter })
  const observed = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] })
  observed.$on('query', (event) => onQuery(event.query))
  // Only the log option differs; the client's API is the same.
  return observed as unknown as PrismaClient
}

/** Extensions every database of the product has, loaded into PGlite at creation. */
export const PGLITE_EXTENSIONS = { pg_trgm }

export async function createPGlite(dataDir: string, loadDataDir?: Blob | File): Promise<PGlite> {
  // PGlite creates its own folder but not the ones above it (.data/ on a fresh checkout).
  if (!/^[a-z]+:\/\//i.test(dataDir)) await mkdir(dirname(resolve(dataDir)), { recursive: true })
  return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) })
}

/** The pool, or one connection taken from it (a transaction's), as a RawSqlSession. */
function pgSession(connection: pg.Pool | pg.PoolClient): RawSqlSession {
  return {
    async exec(sql) {
      await connection.query(sql)
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await connection.query(sql, params)).rows as Row[]
    },
  }
}

/** PGlite itself, or one of its transactions, as a RawSqlSession. */
function pgliteSession(connection: Pick<Transaction, 'exec' | 'query'>): RawSqlSession {
  return {
    async exec(sql) {
      await connection.exec(sql)
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await connection.query<Row>(sql, params)).rows
    },
  }
}

function openPostgres(url: string, opts: OpenDatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server closes (restart, failover, DROP DATABASE ... WITH (FORCE)) is
  // reported here; pg has already discarded it and the next query opens a new one. Without a
  // listener the event would crash the process.
  pool.on('error', () => undefined)
  const prisma = createPrismaClient(new PrismaPg(pool), opts)
  return {
    kind: 'postgres',
    prisma,
    pool,
    raw: {
      ...pgSession(pool),
      async withLock(key, work) {
        // A session-level advisory lock on one dedicated connection: other instances wait here.
        const client = await pool.connect()
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key])
          try {
            return await work()
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key])
          }
        } finally {
          client.release()
        }
      },
      async transaction(work) {
        const client = await pool.connect()
        let broken: Error | undefined
        try {
          await client.query('BEGIN')
          const result = await work(pgSession(client))
          await client.query('COMMIT')
          return result
        } catch (error) {
          // A connection that cannot even roll back is dropped rather than handed to the next caller.
          await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError))
          throw error
        } finally {
          client.release(broken)
        }
      },
    },
    async close() {
      await prisma.$disconnect()
      await pool.end()
    },
  }
}

function openPGlite(pglite: PGlite, opts: OpenDatabaseOptions): Database {
  const prisma = createPrismaClient(new PrismaPGlite(pglite), opts)
  // PGlite is one connection owned by this process: an in-process queue is the whole lock.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    kind: 'pglite',
    prisma,
    raw: {
      ...pgliteSession(pglite),
      withLock(_key, work) {
        const run = queue.then(work, work)
        queue = run.catch(() => undefined)
        return run
      },
      transaction(work) {
        return pglite.transaction((tx) => work(pgliteSession(tx)))
      },
    },
    async close() {
      await prisma.$disconnect()
      if (!pglite.closed) await pglite.close()
    },
  }
}
