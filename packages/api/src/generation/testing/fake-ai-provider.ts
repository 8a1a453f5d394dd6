import { DEFAULT_MODELS } from '@promptly/ai/config'
import { AiProviderError } from '@promptly/ai/errors'
import type {
  AiProvider,
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TranscriptionRequest,
  TranscriptionResult,
} from '@promptly/ai/provider'

/** Pieces of an in-process AiProvider for handler tests; anything not given fails as 'unavailable'. */
export interface FakeAiParts {
  text?: (prompt: string) => string
  images?: (request: ImageRequest) => Promise<ImageResult>
  speech?: (request: SpeechRequest) => Promise<SpeechResult>
  transcribe?: (request: TranscriptionRequest) => Promise<TranscriptionResult>
}

const unavailable = () => Promise.reject(new AiProviderError('unavailable'))

export function fakeAiProvider(parts: FakeAiParts): AiProvider {
  return {
    name: 'openai-compatible',
    isLocal: false,
    models: DEFAULT_MODELS,
    async *streamText(request) {
      if (!parts.text) throw new AiProviderError('unavailable')
      yield parts.text(request.prompt)
    },
    generateImages: parts.images ?? unavailable,
    synthesizeSpeech: parts.speech ?? unavailable,
    transcribe: parts.transcribe ?? unavailable,
  }
}
