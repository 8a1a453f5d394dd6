import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai'

import { retryAfterMs } from './retry-after.ts'

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
  images: 'Image generation is not available with this AI server.',
  speech: 'Text to audio is not available with this AI server.',
  transcription: 'Audio transcription is not available with this AI server.',
}

/** The Debian packages the built-in local model's transcription runs on. */
export const LOCAL_TRANSCRIPTION_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us', 'lame', 'sox'] as const

/**
 * What an operator must do for the local model's transcription: said in the server's log at
 * start-up and in /health, never to users (who can do nothing about it).
 */
export const LOCAL_TRANSCRIPTION_INSTALL_HINT =
  'Local transcription needs pocketsphinx (with its US English model), lame and sox on the server. ' +
  `Install them with: apt-get install ${LOCAL_TRANSCRIPTION_PACKAGES.join(' ')}`

/**
 * Problems the built-in local server reports under error codes of its own. The texts are ours and
 * are for the user; the server's own message text is still never passed on.
 */
export const LOCAL_MODEL_PROBLEMS = {
  local_transcription_unavailable: {
    code: 'unsupported',
    message: 'Transcription is not available right now.',
  },
  local_audio_unreadable: {
    code: 'bad_request',
    message: 'The audio file could not be read. Please choose an MP3 audio file.',
  },
} as const satisfies Record<string, { code: AiErrorCode; message: string }>
export type LocalModelProblem = keyof typeof LOCAL_MODEL_PROBLEMS

/** What a log may know about the provider's answer: its HTTP status and error code, never its text. */
export interface ProviderErrorDetails {
  status?: number | undefined
  providerCode?: string | undefined
  /** How long the provider asked to be left alone (its retry-after headers), when it said. */
  retryAfterMs?: number | undefined
}

/**
 * The one error an AiProvider throws. `message` is safe to show to the user as it is: it never
 * carries the provider's own wording (which can echo the prompt or part of a key) nor the key.
 * The original error is deliberately not kept as `cause`, so a logger cannot print it either.
 */
export class AiProviderError extends Error {
  readonly code: AiErrorCode
  readonly details: ProviderErrorDetails

  constructor(
    code: AiErrorCode,
    options: { capability?: AiCapability; details?: ProviderErrorDetails; problem?: LocalModelProblem } = {},
  ) {
    super(messageFor(code, options))
    this.name = 'AiProviderError'
    this.code = code
    this.details = options.details ?? {}
  }

  /** Whether trying again later may work (the UI can offer a retry). */
  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'unavailable' || this.code === 'timeout'
  }
}

function messageFor(code: AiErrorCode, options: { capability?: AiCapability; problem?: LocalModelProblem }): string {
  if (options.problem) return LOCAL_MODEL_PROBLEMS[options.problem].message
  return code === 'unsupported' ? UNSUPPORTED_MESSAGES[options.capability ?? 'text'] : AI_ERROR_MESSAGES[code]
}

/** Maps whatever the SDK (or an abort) threw to an AiProviderError. */
export function toAiProviderError(error: unknown, capability: AiCapability): AiProviderError {
  if (error instanceof AiProviderError) return error
  if (error instanceof APIUserAbortError || isAbortError(error)) return new AiProviderError('cancelled')
  if (error instanceof APIConnectionTimeoutError) return new AiProviderError('timeout')
  if (error instanceof APIConnectionError) return new AiProviderError('unavailable')
  if (error instanceof APIError) {
    const details = {
      status: error.status,
      providerCode: typeof error.code === 'string' ? error.code : undefined,
      retryAfterMs: retryAfterMs(error.headers),
    }
    const problem = localModelProblem(details.providerCode)
    if (problem) return new AiProviderError(LOCAL_MODEL_PROBLEMS[problem].code, { capability, details, problem })
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

function localModelProblem(providerCode: string | undefined): LocalModelProblem | undefined {
  return providerCode !== undefined && Object.hasOwn(LOCAL_MODEL_PROBLEMS, providerCode)
    ? (providerCode as LocalModelProblem)
    : undefined
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
