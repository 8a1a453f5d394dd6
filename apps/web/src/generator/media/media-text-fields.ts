import { MEDIA_LIMITS } from '@promptly/core/generation/media'

/**
 * The long text each dedicated screen asks for: its id (focused when the text is refused), its words
 * and its length limit, which is the server's.
 */
export const MEDIA_TEXT_FIELDS = {
  image: {
    id: 'image-prompt',
    label: 'Describe the image',
    placeholder: 'e.g. A lighthouse on a cliff at dawn, seabirds circling',
    rows: 4,
    maxLength: MEDIA_LIMITS.imagePromptChars,
  },
  paraphrase: {
    id: 'paraphrase-text',
    label: 'Text to paraphrase',
    placeholder: 'Paste or type the text you want reworded',
    rows: 8,
    maxLength: MEDIA_LIMITS.paraphraseChars,
  },
  speech: {
    id: 'speech-text',
    label: 'Text to speak',
    placeholder: 'Enter Prompt to generate audio',
    rows: 6,
    maxLength: MEDIA_LIMITS.speechChars,
  },
} as const

export type MediaTextFieldSpec = (typeof MEDIA_TEXT_FIELDS)[keyof typeof MEDIA_TEXT_FIELDS]
