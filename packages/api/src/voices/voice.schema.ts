import { z } from 'zod'

import { brandVoiceContent } from '@promptly/core/voices/brand-voice'

/** A brand voice's id as callers send it. */
export const voiceId = z.uuid().toLowerCase()

/** A saved brand voice as its owner reads it (profile, tool pages, REST). */
export const brandVoice = z.object({
  id: z.string(),
  name: z.string(),
  audience: z.string(),
  tone: z.string(),
  wordsToUse: z.array(z.string()),
  wordsToAvoid: z.array(z.string()),
  sample: z.string(),
  updatedAt: z.date(),
})
export type BrandVoice = z.infer<typeof brandVoice>

/** The columns of what a voice says, with its id: what a run applies and history keeps a copy of. */
export const VOICE_CONTENT_SELECT = {
  id: true,
  name: true,
  audience: true,
  tone: true,
  wordsToUse: true,
  wordsToAvoid: true,
  sample: true,
} as const

/** The columns a BrandVoice output reads. */
export const BRAND_VOICE_SELECT = { ...VOICE_CONTENT_SELECT, updatedAt: true } as const

export const createVoiceInput = brandVoiceContent
export const updateVoiceInput = z.object({ id: voiceId, voice: brandVoiceContent })
export type UpdateVoiceInput = z.infer<typeof updateVoiceInput>
export const voiceIdInput = z.object({ id: voiceId })
export type VoiceIdInput = z.infer<typeof voiceIdInput>

/** The message for a caller who names a voice that is not theirs, or not there. */
export const VOICE_NOT_FOUND = 'Brand voice not found'
