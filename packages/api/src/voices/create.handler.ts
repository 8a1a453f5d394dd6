import { AppError } from '@promptly/core/errors/app-error'
import type { BrandVoiceContent } from '@promptly/core/voices/brand-voice'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import type { AuthedContext } from '../context.ts'
import { duplicateVoiceNameMessage, voiceLimitMessage } from './voice-limit.ts'
import { BRAND_VOICE_SELECT, type BrandVoice } from './voice.schema.ts'

/**
 * Saves a new brand voice for the caller. The limit (BRAND_VOICE_LIMIT) holds under concurrency: the
 * caller's user row is locked first, so two creations at once count one after the other. A name the
 * caller already uses is a CONFLICT (the unique index decides, whatever races).
 */
export async function createVoice({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BrandVoiceContent
}): Promise<BrandVoice> {
  const userId = ctx.user.id
  try {
    return await ctx.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`
      const kept = await tx.brandVoice.count({ where: { userId } })
      if (kept >= ctx.brandVoiceLimit) throw new AppError('CONFLICT', voiceLimitMessage(ctx.brandVoiceLimit))
      return tx.brandVoice.create({ data: { ...input, userId }, select: BRAND_VOICE_SELECT })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', duplicateVoiceNameMessage(input.name))
    throw error
  }
}
