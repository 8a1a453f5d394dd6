import { MEDIA_LIMITS } from '@promptly/core/generation/media-options'

/**
 * The long text each dedicated screen asks for: its id (focused when the text is refused), the keys
 * of its words and its length limit, which is the server's.
 */
export const MEDIA_TEXT_FIELDS = {
  image: {
    id: 'image-prompt',
    label: 'generator.image.label',
    placeholder: 'generator.image.placeholder',
    rows: 4,
    maxLength: MEDIA_LIMITS.imagePromptChars,
  },
  paraphrase: {
    id: 'paraphrase-text',
    label: 'generator.paraphrase.label',
    placeholder: 'generator.paraphrase.placeholder',
    rows: 8,
    maxLength: MEDIA_LIMITS.paraphraseChars,
  },
  speech: {
    id: 'speech-text',
    label: 'generator.speech.label',
    placeholder: 'generator.speech.placeholder',
    rows: 6,
    maxLength: MEDIA_LIMITS.speechChars,
  },
} as const

export type MediaTextFieldSpec = (typeof MEDIA_TEXT_FIELDS)[keyof typeof MEDIA_TEXT_FIELDS]
