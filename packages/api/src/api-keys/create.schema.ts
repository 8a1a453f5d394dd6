import { z } from 'zod'

import { noControlCharacters } from '@promptly/core/text/control-characters'

import { apiKeyScope } from './api-key-scope.ts'
import { apiKeyView } from './api-key.schema.ts'

/** A label for the owner ("Nightly report script"): one line, 1 to 60 characters. */
export const apiKeyName = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, 'Give the key a name')
  .max(60, 'A key name has at most 60 characters')
  .check(noControlCharacters('A key name must be a single line of text'))

export const createApiKeyInput = z.object({
  name: apiKeyName,
  /** Defaults to read only: generating spends credits, so a key gets it only when asked. */
  scopes: z
    .array(apiKeyScope)
    .min(1, 'Choose at least one scope')
    .max(2)
    .default(['read'])
    .transform((scopes) => [...new Set(scopes)]),
})
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>

export const createApiKeyOutput = z.object({
  /** The full key: shown this once, never stored nor shown again. */
  key: z.string(),
  apiKey: apiKeyView,
})
export type CreateApiKeyOutput = z.infer<typeof createApiKeyOutput>
