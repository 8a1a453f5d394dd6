import { z } from 'zod'

import { apiKeyView } from './api-key.schema.ts'

export const listApiKeysOutput = z.array(apiKeyView)
export type ListApiKeysOutput = z.infer<typeof listApiKeysOutput>
