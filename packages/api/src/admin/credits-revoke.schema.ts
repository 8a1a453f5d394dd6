import { z } from 'zod'

import { adminCredits, adminCreditsAfter, adminNote } from './credits-grant.schema.ts'

export const creditsRevokeInput = z.object({
  userId: z.uuid(),
  /** At most this many: never more than the balance holds. */
  credits: adminCredits,
  note: adminNote,
})
export type CreditsRevokeInput = z.output<typeof creditsRevokeInput>

export const creditsRevokeOutput = adminCreditsAfter.extend({
  /** What was actually taken: the credits asked for, or the whole balance when it held fewer. */
  taken: z.number().int(),
})
export type CreditsRevokeOutput = z.infer<typeof creditsRevokeOutput>
