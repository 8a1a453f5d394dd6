import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import type { PickVoiceInput } from './pick.schema.ts'
import { VOICE_NOT_FOUND } from './voice.schema.ts'

/**
 * Remembers the caller's pick. One statement: the pick is stored only when the voice is the caller's
 * (or none is picked), so another user's voice id is NOT_FOUND and changes nothing.
 */
export async function pickVoice({ ctx, input }: { ctx: AuthedContext; input: PickVoiceInput }) {
  const userId = ctx.user.id
  const updated = await ctx.db.$executeRaw`
    UPDATE users SET last_brand_voice_id = ${input.id}::uuid
     WHERE id = ${userId}::uuid
       AND (${input.id}::uuid IS NULL
            OR EXISTS (SELECT 1 FROM brand_voices v WHERE v.id = ${input.id}::uuid AND v.user_id = ${userId}::uuid))`
  if (updated === 0) throw notFound(VOICE_NOT_FOUND)
  return { pickedId: input.id }
}
