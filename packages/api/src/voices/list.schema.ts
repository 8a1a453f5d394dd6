import { z } from 'zod'

import { brandVoice } from './voice.schema.ts'

/** The caller's voices (by name), the one last picked on a tool page, and how many they may keep. */
export const listVoicesOutput = z.object({
  voices: z.array(brandVoice),
  pickedId: z.string().nullable(),
  limit: z.number().int(),
})
export type ListVoicesOutput = z.infer<typeof listVoicesOutput>
