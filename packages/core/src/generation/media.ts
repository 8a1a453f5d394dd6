import { z } from 'zod'

import { IMAGE_QUALITIES, MAX_IMAGES, MIN_IMAGES } from '../credits/costs.ts'
import { noControlCharacters } from '../text/control-characters.ts'
import { FREE_TEXT_CONTROL_MESSAGE } from '../text/unsafe-characters.ts'
import {
  atMostCharactersMessage,
  DEFAULT_IMAGE_COUNT,
  DEFAULT_IMAGE_QUALITY,
  DEFAULT_IMAGE_STYLE,
  IMAGE_STYLES,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  SPEECH_VOICES,
  type ImageStyle,
} from './media-options.ts'

/**
 * The dedicated tools' requests (spec sections 2, 3, 5 and 9): paraphrase, image generator, text to
 * audio and transcription. Client forms and server procedures validate with these same schemas; the
 * choices and limits they check are in media-options.ts.
 */

const requiredText = (max: number, emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(max, { error: atMostCharactersMessage(max) })
    // Kept with the generation as jsonb, which refuses NUL: a 400 here, never a database error.
    .check(noControlCharacters(FREE_TEXT_CONTROL_MESSAGE, { freeText: true }))

/** Paraphrase request (spec: body `prompt`). */
export const paraphraseRequest = z.object({
  prompt: requiredText(MEDIA_LIMITS.paraphraseChars, MEDIA_MESSAGES.emptyText),
})
export type ParaphraseRequest = z.infer<typeof paraphraseRequest>

/** Image request (spec: body `prompt`, `quality`, `n`, `style`). */
export const imageRequest = z.object({
  prompt: requiredText(MEDIA_LIMITS.imagePromptChars, MEDIA_MESSAGES.emptyText),
  quality: z.enum(IMAGE_QUALITIES, { error: 'Quality is hd or standard' }).default(DEFAULT_IMAGE_QUALITY),
  n: z.coerce
    .number({ error: `Choose ${MIN_IMAGES} to ${MAX_IMAGES} images` })
    .int({ error: `Choose ${MIN_IMAGES} to ${MAX_IMAGES} images` })
    .min(MIN_IMAGES, { error: `Choose ${MIN_IMAGES} to ${MAX_IMAGES} images` })
    .max(MAX_IMAGES, { error: `Choose ${MIN_IMAGES} to ${MAX_IMAGES} images` })
    .default(DEFAULT_IMAGE_COUNT),
  style: z.enum(IMAGE_STYLES, { error: `Style is one of ${IMAGE_STYLES.join(', ')}` }).default(DEFAULT_IMAGE_STYLE),
})
export type ImageRequestInput = z.input<typeof imageRequest>
export type ImageRequest = z.output<typeof imageRequest>

/** Text to audio request: the text and one of the six voices. */
export const speechRequest = z.object({
  input: requiredText(MEDIA_LIMITS.speechChars, MEDIA_MESSAGES.emptySpeechText),
  voice: z.enum(SPEECH_VOICES, { error: MEDIA_MESSAGES.noVoice }),
})
export type SpeechRequest = z.infer<typeof speechRequest>

/**
 * The instruction sent as the system message of a paraphrase: plain text back, the meaning kept,
 * one output line per input line (the screen shows the result split by lines).
 */
export const PARAPHRASE_INSTRUCTION =
  'Paraphrase the text the user sends: keep its meaning, facts, names and numbers, change the wording. ' +
  'Answer with the paraphrased text only, in plain text, one line for each line of the original.'

/**
 * The prompt an image model receives: the user's description with the chosen style, and a brand
 * voice's style words when one is picked (an image model takes one text: there is no system message
 * to fence them in, and they describe the look, not instructions).
 */
export function imagePrompt(prompt: string, style: ImageStyle, styleWords: readonly string[] = []): string {
  const words = styleWords.map((word) => word.replace(/\s+/g, ' ').trim()).filter((word) => word !== '')
  return `${prompt.trim()}\nStyle: ${style}.${words.length > 0 ? `\nLook: ${words.join(', ')}.` : ''}`
}
