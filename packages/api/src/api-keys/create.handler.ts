import { AppError } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { storedScopes } from './api-key-scope.ts'
import { generateApiKeySecret } from './api-key-secret.ts'
import { API_KEY_VIEW_COLUMNS, MAX_ACTIVE_API_KEYS } from './api-key.schema.ts'
import type { CreateApiKeyInput, CreateApiKeyOutput } from './create.schema.ts'

export const TOO_MANY_KEYS_MESSAGE =
  `You already have ${MAX_ACTIVE_API_KEYS} active API keys, the most allowed. ` +
  'Revoke one you no longer use to create another.'

/**
 * Creates a key for the caller and answers it in full, the only time it is ever available: only its
 * SHA-256 hash and display prefix are stored.
 *
 * The active-key limit holds under concurrency: the caller's user row is locked first, so two
 * creations at once count one after the other instead of both seeing room for one more.
 */
export async function createApiKey({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: CreateApiKeyInput
}): Promise<CreateApiKeyOutput> {
  const secret = generateApiKeySecret()
  const stored = await ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${ctx.user.id}::uuid FOR UPDATE`
    const active = await tx.apiKey.count({ where: { userId: ctx.user.id, revokedAt: null } })
    if (active >= MAX_ACTIVE_API_KEYS) throw new AppError('CONFLICT', TOO_MANY_KEYS_MESSAGE)
    return tx.apiKey.create({
      data: {
        userId: ctx.user.id,
        name: input.name,
        scopes: input.scopes,
        keyHash: secret.keyHash,
        prefix: secret.prefix,
      },
      select: API_KEY_VIEW_COLUMNS,
    })
  })
  return { key: secret.key, apiKey: { ...stored, scopes: storedScopes(stored.scopes) } }
}
