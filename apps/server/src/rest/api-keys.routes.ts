import { z } from 'zod'

import { createApiKey } from '@promptly/api/api-keys/create.handler'
import { createApiKeyInput, createApiKeyOutput } from '@promptly/api/api-keys/create.schema'
import { listApiKeys } from '@promptly/api/api-keys/list.handler'
import { listApiKeysOutput } from '@promptly/api/api-keys/list.schema'
import { revokeApiKey } from '@promptly/api/api-keys/revoke.handler'
import { revokeApiKeyInput, revokeApiKeyOutput } from '@promptly/api/api-keys/revoke.schema'
import { MESSAGES } from '@promptly/core/messages'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { clerkIdQuery } from './shared/legacy-identity.ts'

export const KEY_CANNOT_CREATE_KEYS = 'An API key cannot create API keys: sign in and create one on your profile.'

const tags = ['API keys']
const ownAccount = { caller: CALLERS.ownAccount }
/** Legacy scripts send their own clerkId with every call: accepted, and refused when it names anyone else. */
const ownAccountQuery = z.object({ clerkId: clerkIdQuery.optional() })

/**
 * Personal API keys over REST, the same handlers as tRPC's `apiKeys`: create (with a session only:
 * a leaked key must not be able to mint more), list and revoke (a session or a key). Each acts only on
 * the caller's own keys: a clerkId naming anyone else, admins included, is refused.
 */
export function registerApiKeysRoutes(app: RestScope): void {
  app.post(
    '/keys',
    {
      // A key is refused before the body is read: it learns nothing about a valid request.
      config: {
        caller: { signedOut: MESSAGES.signInToContinue, clerkId: 'own', refuseApiKeys: KEY_CANNOT_CREATE_KEYS },
      },
      schema: {
        tags,
        summary: 'Creates a key (with a session only); the key is in the answer this once',
        querystring: ownAccountQuery,
        body: createApiKeyInput,
        response: legacyResponses({ 201: legacySchema.created.inData(createApiKeyOutput) }),
      },
    },
    async (req, reply) => {
      const created = await createApiKey({ ctx: signedInCaller(req.caller), input: req.body })
      return reply.status(201).send(legacy.created.inData(created, 'Copy the key now: it will not be shown again.'))
    },
  )

  app.get(
    '/keys',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: "The caller's active keys, without the keys themselves",
        querystring: ownAccountQuery,
        response: legacyResponses({ 200: legacySchema.inData(listApiKeysOutput) }),
      },
    },
    async (req) => legacy.inData(await listApiKeys({ ctx: signedInCaller(req.caller) })),
  )

  app.delete(
    '/keys/:id',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: "Revokes one of the caller's keys",
        querystring: ownAccountQuery,
        params: revokeApiKeyInput,
        response: legacyResponses({ 200: legacySchema.inData(revokeApiKeyOutput) }),
      },
    },
    async (req) => legacy.inData(await revokeApiKey({ ctx: signedInCaller(req.caller), input: req.params }), 'Revoked'),
  )
}
