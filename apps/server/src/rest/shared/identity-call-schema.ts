import type { z } from 'zod'

import { legacyResponses, legacySchema } from '../envelope.ts'
import { legacyIdentityQuery } from './legacy-identity.ts'

/**
 * The route schema of a legacy call that takes the identity query (legacy-identity.ts) and answers
 * its payload in `data`: all such a call declares besides its tags and summary. A call that reads a
 * JSON body adds it beside.
 */
export function identityCallSchema<Data extends z.ZodType>(tags: string[], summary: string, data: Data) {
  return {
    tags,
    summary,
    querystring: legacyIdentityQuery,
    response: legacyResponses({ 200: legacySchema.inData(data) }),
  }
}
