import { z } from 'zod'

import { PLANS } from '@promptly/core/identity/user'

export const limitsOutput = z.object({
  plan: z.enum(PLANS),
  current_limit: z.number().int(),
  max_limit: z.number().int(),
})
export type LimitsOutput = z.infer<typeof limitsOutput>
