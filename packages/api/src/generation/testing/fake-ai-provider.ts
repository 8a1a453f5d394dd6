import { DEFAULT_MODELS } from '@promptly/ai/config'
import { AiProviderError } from '@promptly/ai/errors'
import type {
  AiModels,
  AiProvider,
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TextRequest,
  TranscriptionRequest,
  TranscriptionResult,
} from '@promptly/ai/provider'

/** Pieces of an in-process AiProvider for handler tests; anything not given fails as 'unavailable'. */
export interface FakeAiParts {
  /** The whole chat answer at once. */
  text?: (prompt: string) => string
  /** The chat answer piece by piece, for stream tests (it may throw, as a provider does, mid-stream). */
  stream?: (request: TextRequest) => AsyncIterable<string>
  images?: (request: ImageRequest) => Promise<ImageResult>
  speech?: (request: SpeechRequest) => Promise<SpeechResult>
  transcribe?: (request: TranscriptionRequest) => Promise<TranscriptionResult>
  /** The configured models (what a generation records); DEFAULT_MODELS otherwise. */
  models?: Partial<AiModels>
}

const unavailable = () => Promise.reject(new AiProviderError('unavailable'))

export function fakeAiProvider(parts: FakeAiParts): AiProvider {
  return {
    name: 'openai-compatible',
    isLocal: false,
    models: { ...DEFAULT_MODELS, ...parts.models },
    async *streamText(request) {
      if (parts.stream) {
        yield* parts.stream(request)
        return
      }
      if (!parts.text) throw new AiProviderError('unavailable')
      yield parts.text(request.prompt)
    },
    generateImages: parts.images ?? unavailable,
    synthesizeSpeech: parts.speech ?? unavailable,
    transcribe: parts.transcribe ?? unavailable,
  }
}
