import type { FastifyInstance } from 'fastify'

import type { Database } from '@promptly/db/client'

import type { OperatorWarnings } from '../ai/operator-warnings.ts'
import { bareLegacyError } from '../errors/legacy-error-envelope.ts'

/**
 * `/health`: 200 once the database answers; 503 otherwise. Setup problems that leave the server
 * ready but a tool unavailable (a missing recogniser) are listed under `warnings`, for operators;
 * they do not fail the check.
 * `/ready`: whether this instance should get traffic behind a load balancer: the database and, when
 * configured, the shared Redis both answer (503 naming what does not).
 */
export function registerHealth(
  app: FastifyInstance,
  db: Database,
  operatorWarnings: OperatorWarnings,
  /** Asks the shared Redis for an answer (shared-state.ts); null when none is configured. */
  pingRedis: (() => Promise<unknown>) | null,
): void {
  app.get('/health', async (req, reply) => {
    try {
      await db.raw.query('SELECT 1')
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable')
      return reply.status(503).send(bareLegacyError('Database unavailable'))
    }
    const warnings = await operatorWarnings()
    return warnings.length > 0 ? { status: 'ok', warnings } : { status: 'ok' }
  })

  app.get('/ready', async (req, reply) => {
    const checks = { database: await answers(() => db.raw.query('SELECT 1')), redis: 'not configured' }
    if (pingRedis) checks.redis = await answers(pingRedis)
    const ready = checks.database === 'ok' && checks.redis !== 'unreachable'
    if (!ready) req.log.warn({ checks }, 'not ready')
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks })
  })
}

async function answers(check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  try {
    await check()
    return 'ok'
  } catch {
    return 'unreachable'
  }
}
