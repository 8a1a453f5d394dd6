import { AppError, notFound } from '@promptly/core/errors/app-error'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import type { AuthedContext } from '../context.ts'
import { duplicateVoiceNameMessage } from './voice-limit.ts'
import { BRAND_VOICE_SELECT, VOICE_NOT_FOUND, type BrandVoice, type UpdateVoiceInput } from './voice.schema.ts'

/**
 * Replaces what one of the caller's voices says. Runs already made with it keep the voice as it was
 * (history holds a copy). NOT_FOUND for anyone else's voice; CONFLICT for a name the caller already uses.
 */
export async function updateVoice({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: UpdateVoiceInput
}): Promise<BrandVoice> {
  try {
    const { count } = await ctx.db.brandVoice.updateMany({
      where: { id: input.id, userId: ctx.user.id },
      data: input.voice,
    })
    if (count === 0) throw notFound(VOICE_NOT_FOUND)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', duplicateVoiceNameMessage(input.voice.name))
    throw error
  }
  return ctx.db.brandVoice.findUniqueOrThrow({ where: { id: input.id }, select: BRAND_VOICE_SELECT })
}
