import { transcriptionOutput, type TranscriptionOutput } from '@promptly/api/generation/transcription.schema'
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'

import { authorizationHeaders } from '../../identity/auth-token.ts'
import { TRANSCRIPTION_FAILED } from './media-messages.ts'

/**
 * The transcription door: a multipart upload (tRPC carries no files), answered in the legacy
 * envelope `{ status, message, data }`, or `{ status: 'error', error, message, code }`.
 */
export const TRANSCRIPTION_URL = '/api/v2/response/transcription'

export class TranscriptionError extends Error {
  constructor(
    message: string,
    /** The envelope's `code` (PAYMENT_REQUIRED, PAYLOAD_TOO_LARGE...), when the server answered. */
    readonly code: string | null,
  ) {
    super(message)
    this.name = 'TranscriptionError'
  }

  get outOfCredits(): boolean {
    return this.code === 'PAYMENT_REQUIRED'
  }
}

/**
 * Why this file cannot be sent, checked before uploading so a wrong or huge file costs no upload:
 * none chosen, not an MP3, or over the size the provider takes. Null when it may go.
 */
export function audioFileProblem(file: File | null): string | null {
  if (!file) return MEDIA_MESSAGES.noAudioFile
  if (!looksLikeMp3(file)) return MEDIA_MESSAGES.notMp3
  if (file.size > MEDIA_LIMITS.transcriptionBytes) return MEDIA_MESSAGES.audioTooLarge
  return null
}

/**
 * By type or by name: browsers report 'audio/mpeg' for .mp3 (some 'audio/mp3'), and an empty type
 * for files whose type they cannot tell. What the bytes really are is the server's to check.
 */
function looksLikeMp3(file: File): boolean {
  return file.type === 'audio/mpeg' || file.type === 'audio/mp3' || /\.mp3$/i.test(file.name)
}

/** Uploads the file and resolves with the transcript; throws TranscriptionError with the server's message. */
export async function uploadTranscription(file: File, signal?: AbortSignal): Promise<TranscriptionOutput> {
  const body = new FormData()
  body.append('file', file, file.name)
  let response: Response
  try {
    response = await fetch(TRANSCRIPTION_URL, {
      method: 'POST',
      body,
      // The local session rides on the cookie; with Clerk the bearer header carries the session.
      credentials: 'same-origin',
      headers: await authorizationHeaders(),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new TranscriptionError(TRANSCRIPTION_FAILED, null)
  }
  const payload: unknown = await response.json().catch(() => null)
  if (response.ok) {
    const data = transcriptionOutput.safeParse(field(payload, 'data'))
    if (data.success) return data.data
    throw new TranscriptionError(TRANSCRIPTION_FAILED, null)
  }
  const message = field(payload, 'error') ?? field(payload, 'message')
  const code = field(payload, 'code')
  throw new TranscriptionError(
    typeof message === 'string' && message !== '' ? message : TRANSCRIPTION_FAILED,
    typeof code === 'string' ? code : null,
  )
}

function field(payload: unknown, key: string): unknown {
  return typeof payload === 'object' && payload !== null && key in payload
    ? (payload as Record<string, unknown>)[key]
    : undefined
}
