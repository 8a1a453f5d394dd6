import { z } from 'zod'

import { apiKeyScope } from './api-key-scope.ts'

/** An API key as its owner sees it: never the key itself nor its hash, only its displayed prefix. */
export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScope),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
})
export type ApiKeyView = z.infer<typeof apiKeyView>

/** The columns that make an ApiKeyView, for Prisma's `select`: the hash is never read for display. */
export const API_KEY_VIEW_COLUMNS = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const

/** At most this many keys that are not revoked, per user. */
export const MAX_ACTIVE_API_KEYS = 10
