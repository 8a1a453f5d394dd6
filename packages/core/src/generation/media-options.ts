import type { IMAGE_QUALITIES } from '../credits/costs.ts'

/**
 * The dedicated tools' choices, limits and messages (spec sections 2, 3, 5 and 9), without their
 * request schemas (media.ts): what a tool's screen needs to draw itself, so a page that shows one
 * does not load the validation library before the visitor sends anything.
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
 * Intl. The request schemas build this message as a tool's code loads, and the first Intl formatter
 * a page builds blocks the main thread while it reads the locale's data, longest on a phone.
 */
export function atMostCharactersMessage(max: number): string {
  return `At most ${String(Math.trunc(max)).replace(/\B(?=(\d{3})+$)/g, ',')} characters`
}
