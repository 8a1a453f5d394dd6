import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai'

export type AiErrorCode = 'rate_limited' | 'unavailable' | 'timeout' | 'cancelled' | 'bad_request' | 'unsupported'

/** The capability a call was for, so an 'unsupported' answer can say what is missing. */
export type AiCapability = 'text' | 'images' | 'speech' | 'transcription'

/** User-facing texts: the only words about a provider failure that ever reach a user. */
export const AI_ERROR_MESSAGES: Record<Exclude<AiErrorCode, 'unsupported'>, string> = {
  rate_limited: 'The AI service is busy right now. Please try again in a minute.',
  unavailable: 'The AI service is unavailable right now. Please try again later.',
  timeout: 'The AI service took too long to answer. Please try again.',
  cancelled: 'The generation was cancelled.',
  bad_request: 'The AI service could not handle this request. Please change your input and try again.',
}

const UNSUPPORTED_MESSAGES: Record<AiCapability, string> = {
  text: 'This AI server cannot write text.',
  images: 'Image generation is not available with this AI server. The built-in local model cannot create images yet.',
  speech: 'Text to audio is not available with this AI server. The built-in local model cannot speak yet.',
  transcription: 'Audio transcription is not available with this AI server. The built-in local model cannot transcribe yet.',
}

/** What a log may know about the provider's answer: its HTTP status and error code, never its text. */
export interface ProviderErrorDetails {
  status?: number | undefined
  providerCode?: string | undefined
}

/**
 * The one error an AiProvider throws. `message` is safe to show to the user as it is: it never
 * carries the provider's own wording (which can echo the prompt or part of a key) nor the key.
 * The original error is deliberately not kept as `cause`, so a logger cannot print it either.
 */
export class AiProviderError extends Error {
  readonly code: AiErrorCode
  readonly details: ProviderErrorDetails

  constructor(code: AiErrorCode, options: { capability?: AiCapability; details?: ProviderErrorDetails } = {}) {
    super(code === 'unsupported' ? UNSUPPORTED_MESSAGES[options.capability ?? 'text'] : AI_ERROR_MESSAGES[code])
    this.name = 'AiProviderError'
    this.code = code
    this.details = options.details ?? {}
  }

  /** Whether trying again later may work (the UI can offer a retry). */
  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'unavailable' || this.code === 'timeout'
  }
}

/** Maps whatever the SDK (or an abort) threw to an AiProviderError. */
export function toAiProviderError(error: unknown, capability: AiCapability): AiProviderError {
  if (error instanceof AiProviderError) return error
  if (error instanceof APIUserAbortError || isAbortError(error)) return new AiProviderError('cancelled')
  if (error instanceof APIConnectionTimeoutError) return new AiProviderError('timeout')
  if (error instanceof APIConnectionError) return new AiProviderError('unavailable')
  if (error instanceof APIError) {
    const details = { status: error.status, providerCode: typeof error.code === 'string' ? error.code : undefined }
    return new AiProviderError(codeForStatus(error.status), { capability, details })
  }
  return new AiProviderError('unavailable')
}

function codeForStatus(status: number | undefined): AiErrorCode {
  if (status === undefined) return 'unavailable' // an error event inside a stream
  if (status === 429) return 'rate_limited'
  if (status === 408 || status === 504) return 'timeout'
  if (status === 501) return 'unsupported'
  // 400, 413, 422: the request itself (too long, refused content); the user can change it.
  if (status === 400 || status === 413 || status === 422) return 'bad_request'
  // 401, 403, 404 (unknown model), 409, 5xx: the server or its set-up; nothing the user can fix.
  return 'unavailable'
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
