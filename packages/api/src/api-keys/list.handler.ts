import type { AuthedContext } from '../context.ts'
import { storedScopes } from './api-key-scope.ts'
import { API_KEY_VIEW_COLUMNS } from './api-key.schema.ts'
import type { ListApiKeysOutput } from './list.schema.ts'

/** The caller's keys that still work, newest first; revoked keys are gone from the owner's view. */
export async function listApiKeys({ ctx }: { ctx: AuthedContext }): Promise<ListApiKeysOutput> {
  const keys = await ctx.db.apiKey.findMany({
    where: { userId: ctx.user.id, revokedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: API_KEY_VIEW_COLUMNS,
  })
  return keys.map((key) => ({ ...key, scopes: storedScopes(key.scopes) }))
}
