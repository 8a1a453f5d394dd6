import type { FastifyInstance } from 'fastify'

import type { Database } from '@promptly/db/client'

import type { OperatorWarnings } from '../ai/operator-warnings.ts'

/**
 * 200 once the database answers; 503 otherwise, so a load balancer stops sending traffic. Setup
 * problems that leave the server ready but a tool unavailable (a missing recogniser) are listed
 * under `warnings`, for operators; they do not fail the check.
 */
export function registerHealth(app: FastifyInstance, db: Database, operatorWarnings: OperatorWarnings): void {
  app.get('/health', async (req, reply) => {
    try {
      await db.raw.query('SELECT 1')
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'error', message: 'Database unavailable' })
    }
    const warnings = await operatorWarnings()
    return warnings.length > 0 ? { status: 'ok', warnings } : { status: 'ok' }
  })
}
