/**
 * The one interface every AI feature uses. Implemented once over the `openai` SDK
 * (openai-provider.ts); which server the SDK talks to (OpenAI, any OpenAI-compatible server, or
 * the built-in local one from @promptly/ai-local) is decided in one place, the server's server-ai.ts.
 * Every method throws AiProviderError (errors.ts) and nothing else.
 */

import type { ImageQuality } from '@promptly/core/credits/costs'
import type { SpeechVoice } from '@promptly/core/generation/media-options'

export { SPEECH_VOICES, type SpeechVoice } from '@promptly/core/generation/media-options'
export type { ImageQuality } from '@promptly/core/credits/costs'

/** The model name used for each capability. */
export interface AiModels {
  chat: string
  image: string
  speech: string
  transcription: string
}

export interface TextRequest {
  /** The fixed instruction (core's HTML_OUTPUT_INSTRUCTION for the generator). */
  system: string
  prompt: string
  /** Aborting it (the user went away, pressed stop) ends the stream with a 'cancelled' error. */
  signal?: AbortSignal
  /** Overrides the configured chat model for this call. */
  model?: string
  /**
   * Which attempt this is: the same prompt with another seed may be answered differently. The
   * generator passes one per generation, so Regenerate asks for a new text. Sent only to servers
   * that answer the same prompt the same way (the local model); others vary their answers anyway.
   */
  seed?: number
}

export interface ImageRequest {
  prompt: string
  /** 1 to 10. */
  n: number
  quality: ImageQuality
  /** The spec's style chip (Professional, Art, Drawing, ...), added to the prompt. */
  style?: string
  size?: '1024x1024' | '1792x1024' | '1024x1792'
  signal?: AbortSignal
}

export interface GeneratedImage {
  /** PNG bytes, base64-encoded, when the server returns them (OpenAI's `b64_json`). */
  base64: string | null
  /** A temporary URL instead, for servers that answer with one. */
  url: string | null
  revisedPrompt: string | null
}

export interface ImageResult {
  images: GeneratedImage[]
  model: string
}

export interface SpeechRequest {
  input: string
  voice: SpeechVoice
  signal?: AbortSignal
}

export interface SpeechResult {
  /** MP3 bytes. */
  audio: Uint8Array
  contentType: 'audio/mpeg'
  model: string
}

export interface TranscriptionRequest {
  audio: Uint8Array
  fileName: string
  contentType?: string
  signal?: AbortSignal
}

export interface TranscriptionResult {
  text: string
  model: string
}

export interface AiProvider {
  /** Recorded with each generation: 'local' for the built-in model, else 'openai-compatible'. */
  readonly name: 'local' | 'openai-compatible'
  /** True when the built-in local model answers (the UI's 'Local model' badge). */
  readonly isLocal: boolean
  readonly models: AiModels
  /** Chat completion, streamed: yields the text as it arrives. */
  streamText(request: TextRequest): AsyncIterable<string>
  generateImages(request: ImageRequest): Promise<ImageResult>
  synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult>
  transcribe(request: TranscriptionRequest): Promise<TranscriptionResult>
}
