import { z } from 'zod'

import { speechRequest } from '@promptly/core/generation/media'

import { sharedMediaItem } from '../media/media-item.schema.ts'

/** `generation.speech`: the text and a voice (text to audio). */
export const speechInput = speechRequest
export type SpeechInput = z.infer<typeof speechInput>

export const speechOutput = z.object({
  generationId: z.uuid(),
  /** The stored MP3, with its capability URL. */
  audio: sharedMediaItem,
  creditsLeft: z.number().int(),
})
export type SpeechOutput = z.infer<typeof speechOutput>
