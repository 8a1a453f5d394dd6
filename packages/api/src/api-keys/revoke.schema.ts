import { z } from 'zod'

import { apiKeyView } from './api-key.schema.ts'

export const revokeApiKeyInput = z.object({ id: z.uuid('Not a valid API key id') })
export type RevokeApiKeyInput = z.infer<typeof revokeApiKeyInput>

/** The key as stored after the call, revokedAt set. */
export const revokeApiKeyOutput = apiKeyView
export type RevokeApiKeyOutput = z.infer<typeof revokeApiKeyOutput>
