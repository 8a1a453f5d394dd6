import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'

import { openDatabase, type Database } from '@promptly/db/client'

import { buildApp } from '../app.ts'
import { buildServices, type AppServices } from '../services.ts'
import type { TestAppFrame } from './use-test-app.ts'

/** The other instance: read from inside the tests, once beforeAll has built it. */
export interface SecondInstance {
  readonly app: FastifyInstance
  readonly db: Database
  /** Its services: its caches and cache bus among them. */
  readonly services: AppServices
}

/**
 * A second server instance beside the frame's, for PostgreSQL tests (call it inside a
 * `describe.runIf(process.env.TEST_DB === 'postgres')`): a second app with its own pool, services
 * and caches on the same database, as a second server process would be. PGlite cannot be shared
 * between processes. Built in beforeAll, closed in afterAll.
 */
export function useSecondInstance(t: TestAppFrame): SecondInstance {
  let db: Database | undefined
  let app: FastifyInstance | undefined
  let services: AppServices | undefined
  beforeAll(async () => {
    db = await openDatabase({ url: t.db.url! })
    services = await buildServices(t.config, db)
    app = await buildApp({ config: t.config, db, services })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })
  const built = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSecondInstance: the instance is built in beforeAll')
    return value
  }
  return {
    get app() {
      return built(app)
    },
    get db() {
      return built(db)
    },
    get services() {
      return built(services)
    },
  }
}
