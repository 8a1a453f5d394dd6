import { z } from 'zod'

import { voiceId } from './voice.schema.ts'

/** The voice picked on a tool page, or null for none: offered first on the next tool. */
export const pickVoiceInput = z.object({ id: voiceId.nullable() })
export type PickVoiceInput = z.infer<typeof pickVoiceInput>
export const pickVoiceOutput = z.object({ pickedId: z.string().nullable() })
