import type { FastifyReply } from 'fastify'

/**
 * Aborted when the caller hangs up before the answer is sent, for routes that must then stop
 * their work: the provider call is cancelled and the reserved credits come back.
 */
export function hangUpSignal(reply: FastifyReply): AbortSignal {
  const hangUp = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) hangUp.abort()
  })
  return hangUp.signal
}
