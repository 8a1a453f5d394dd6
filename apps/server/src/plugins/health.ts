import type { FastifyInstance } from 'fastify'

import type { Database } from '@promptly/db/client'

/** 200 once the database answers; 503 otherwise, so a load balancer stops sending traffic. */
export function registerHealth(app: FastifyInstance, db: Database): void {
  app.get('/health', async (req, reply) => {
    try {
      await db.raw.query('SELECT 1')
      return { status: 'ok' }
    } catch (error) {
      req.log.error({ err: error }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'error', message: 'Database unavailable' })
    }
  })
}
