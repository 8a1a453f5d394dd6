import type { FastifyInstance } from 'fastify'

import { createRowRunner } from '@promptly/api/bulk/run-row'
import type { AuthedContext } from '@promptly/api/context'
import type { Database } from '@promptly/db/client'

import type { AppServices } from '../services.ts'

/**
 * Starts this instance's bulk workers: each row runs as its owner's generation would
 * (bulk/run-row.ts). When the app closes, the rows running here end first (closing the queue waits
 * for them), then the feeds they started, which use the database and the queue; then the services
 * close. Fastify runs onClose hooks last registered first: call this after the hook that closes them.
 */
export async function startBulkWorkers(
  app: FastifyInstance,
  {
    db,
    services,
    ownerInFlight,
    contextForAccount,
  }: {
    db: Database
    services: AppServices
    ownerInFlight: number
    contextForAccount: (userId: string) => Promise<AuthedContext | null>
  },
): Promise<void> {
  const runRow = createRowRunner({
    db: db.prisma,
    queue: services.rowQueue,
    ownerInFlight,
    contextFor: contextForAccount,
    onFeedError: (error) => app.log.error({ err: error }, 'Feeding bulk rows failed'),
  })
  await services.rowQueue.start(runRow)
  app.addHook('onClose', async () => {
    await services.rowQueue.close()
    await runRow.feedsSettled()
  })
}
