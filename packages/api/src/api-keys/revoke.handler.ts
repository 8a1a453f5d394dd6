import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { storedScopes } from './api-key-scope.ts'
import { API_KEY_VIEW_COLUMNS } from './api-key.schema.ts'
import type { RevokeApiKeyInput, RevokeApiKeyOutput } from './revoke.schema.ts'

export const API_KEY_NOT_FOUND = 'No API key of yours has this id'

/**
 * Revokes one of the caller's keys: from now on it is refused (401), on every instance: the servers
 * keep accepted keys a few seconds (apps/server/src/rest/api-key-cache.ts) and drop this one, by its
 * hash, before the answer is sent. Idempotent: revoking it again keeps the first revocation time.
 * Someone else's key is NOT_FOUND, like one that never existed, so nobody learns which ids exist.
 */
export async function revokeApiKey({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: RevokeApiKeyInput
}): Promise<RevokeApiKeyOutput> {
  const owned = { id: input.id, userId: ctx.user.id }
  await ctx.db.apiKey.updateMany({ where: { ...owned, revokedAt: null }, data: { revokedAt: new Date() } })
  const found = await ctx.db.apiKey.findFirst({ where: owned, select: { ...API_KEY_VIEW_COLUMNS, keyHash: true } })
  if (!found) throw notFound(API_KEY_NOT_FOUND)
  const { keyHash, ...key } = found
  await ctx.caches.bus.publish('apiKey', keyHash)
  return { ...key, scopes: storedScopes(key.scopes) }
}
