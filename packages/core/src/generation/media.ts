import { z } from 'zod'

import { IMAGE_QUALITIES, MAX_IMAGES, MIN_IMAGES } from '../credits/costs.ts'
import { FREE_TEXT_CONTROL_MESSAGE, noControlCharacters } from '../text/control-characters.ts'

/**
 * The dedicated tools' rules (spec sections 2, 3, 5 and 9): paraphrase, image generator, text to
 * audio and transcription. Client forms and server procedures validate with these same schemas.
 */

export const IMAGE_STYLES = [
  'Professional',
  'Art',
  'Drawing',
  'Photo',
  'Victorian',
  'Reflections',
  'Industrial',
] as const
export type ImageStyle = (typeof IMAGE_STYLES)[number]
export const DEFAULT_IMAGE_STYLE: ImageStyle = 'Professional'
export const DEFAULT_IMAGE_QUALITY = 'hd' satisfies (typeof IMAGE_QUALITIES)[number]
export const DEFAULT_IMAGE_COUNT = 1

/** The spec's six voices (OpenAI's names), alloy first and by default. */
export const SPEECH_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const
export type SpeechVoice = (typeof SPEECH_VOICES)[number]
export const DEFAULT_SPEECH_VOICE: SpeechVoice = 'alloy'

/** Bounds that keep one request's work (and its provider bill) reasonable. */
export const MEDIA_LIMITS = {
  paraphraseChars: 5_000,
  imagePromptChars: 1_000,
  /** OpenAI's speech endpoint takes at most 4,096 characters. */
  speechChars: 4_096,
  /** OpenAI's transcription endpoint takes files up to 25 MB. */
  transcriptionBytes: 25 * 1024 * 1024,
  transcriptionSeconds: 10 * 60,
} as const

/** Validation texts from the spec (section 5), shown under the field and answered by the server. */
export const MEDIA_MESSAGES = {
  emptyText: 'Please enter the text to generate',
  emptySpeechText: 'Please Input something to generate audio',
  noVoice: 'Please select a tone to generate audio',
  noAudioFile: 'Please select an audio file',
  oneFileOnly: 'Upload one file',
  unreadableUpload: 'The upload could not be read: send one MP3 file as multipart/form-data in the field "file"',
  notMp3: 'Please choose an MP3 audio file',
  audioTooLarge: `The audio file is larger than ${MEDIA_LIMITS.transcriptionBytes / 1024 / 1024} MB`,
  audioTooLong: `The audio is longer than ${MEDIA_LIMITS.transcriptionSeconds / 60} minutes`,
} as const

/**
 * "At most 20,000 characters": digits grouped by three with commas, as English writes them, without
 * Intl. These schemas are built when a tool's page loads its code, and the first Intl formatter a
 * page builds costs a phone about 100 ms of blocked main thread (the locale's data is read then).
 */
export function atMostCharactersMessage(max: number): string {
  return `At most ${String(Math.trunc(max)).replace(/\B(?=(\d{3})+$)/g, ',')} characters`
}

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

/** The prompt an image model receives: the user's description with the chosen style. */
export function imagePrompt(prompt: string, style: ImageStyle): string {
  return `${prompt.trim()}\nStyle: ${style}.`
}
