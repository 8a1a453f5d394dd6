import { createApiKey } from '@promptly/api/api-keys/create.handler'
import { createApiKeyInput } from '@promptly/api/api-keys/create.schema'
import { listApiKeys } from '@promptly/api/api-keys/list.handler'
import { revokeApiKey } from '@promptly/api/api-keys/revoke.handler'
import { revokeApiKeyInput } from '@promptly/api/api-keys/revoke.schema'
import type { AuthedContext } from '@promptly/api/context'
import { forbidden, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { apiKeyCallerOf } from './api-key-caller.ts'
import { legacy } from './envelope.ts'
import type { RestDeps } from './register-rest.ts'

export const KEY_CANNOT_CREATE_KEYS = 'An API key cannot create API keys: sign in and create one on your profile.'

const keyParams = z.object({ id: z.string() })

/**
 * Personal API keys over REST, the same handlers as tRPC's `apiKeys`: create (with a session only:
 * a leaked key must not be able to mint more), list and revoke (a session or a key). A key acts only
 * on its owner's keys, whatever clerkId says.
 */
export async function registerApiKeysRoutes(app: FastifyInstance, { createContext }: RestDeps): Promise<void> {
  const caller = async (req: FastifyRequest): Promise<AuthedContext> => {
    const ctx = await createContext(req)
    if (!ctx.user) throw unauthorized(MESSAGES.signInToContinue)
    return { ...ctx, user: ctx.user }
  }

  app.post('/keys', async (req, reply) => {
    if (apiKeyCallerOf(req)) throw forbidden(KEY_CANNOT_CREATE_KEYS)
    const ctx = await caller(req)
    const created = await createApiKey({ ctx, input: createApiKeyInput.parse(req.body ?? {}) })
    return reply.status(201).send(legacy.inData(created, 'Copy the key now: it will not be shown again.'))
  })

  app.get('/keys', async (req) => legacy.inData(await listApiKeys({ ctx: await caller(req) })))

  app.delete('/keys/:id', async (req) => {
    const ctx = await caller(req)
    return legacy.inData(
      await revokeApiKey({ ctx, input: revokeApiKeyInput.parse(keyParams.parse(req.params)) }),
      'Revoked',
    )
  })
}
