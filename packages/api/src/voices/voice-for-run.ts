import { notFound } from '@promptly/core/errors/app-error'
import type { BrandVoiceContent } from '@promptly/core/voices/brand-voice'

import type { AuthedContext } from '../context.ts'
import { VOICE_CONTENT_SELECT, VOICE_NOT_FOUND } from './voice.schema.ts'

/** A voice as a run uses it and history keeps it: its id and name, and what it says. */
export type VoiceUsed = BrandVoiceContent & { id: string }

/**
 * The caller's voice `voiceId` for a run (null for none). NOT_FOUND for a voice that is not the
 * caller's, before anything is reserved: another user's voice answers as if it did not exist.
 */
export async function voiceForRun(ctx: AuthedContext, voiceId: string | null | undefined): Promise<VoiceUsed | null> {
  if (voiceId === null || voiceId === undefined) return null
  const voice = await ctx.db.brandVoice.findFirst({
    where: { id: voiceId, userId: ctx.user.id },
    select: VOICE_CONTENT_SELECT,
  })
  if (!voice) throw notFound(VOICE_NOT_FOUND)
  return voice
}
