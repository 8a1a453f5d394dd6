import { APIError } from 'openai'
import { describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES, AiProviderError, LOCAL_MODEL_PROBLEMS, toAiProviderError } from './errors.ts'

const RAW_TEXT = 'upstream exploded near sk-live-123'

function apiError(status: number, code: string): APIError {
  return APIError.generate(status, { error: { message: RAW_TEXT, type: code, code } }, RAW_TEXT, new Headers())
}

describe("toAiProviderError and the local model's own problems", () => {
  it('tells the user plainly that local transcription is unavailable when it lacks its tools', () => {
    const error = toAiProviderError(apiError(501, 'local_transcription_unavailable'), 'transcription')
    expect(error).toBeInstanceOf(AiProviderError)
    expect(error).toMatchObject({
      code: 'unsupported',
      retryable: false,
      details: { status: 501, providerCode: 'local_transcription_unavailable' },
    })
    expect(error.message).toBe(LOCAL_MODEL_PROBLEMS.local_transcription_unavailable.message)
    // What to install is the operator's business (the server's log and /health), not the user's.
    expect(error.message).toBe('Transcription is not available right now.')
  })

  it("says an unreadable upload is the file's fault, in words of its own", () => {
    const error = toAiProviderError(apiError(400, 'local_audio_unreadable'), 'transcription')
    expect(error).toMatchObject({ code: 'bad_request', message: LOCAL_MODEL_PROBLEMS.local_audio_unreadable.message })
  })

  it("never passes on the server's text, for known and unknown codes alike", () => {
    for (const error of [
      apiError(501, 'local_transcription_unavailable'),
      apiError(400, 'something_else'),
      apiError(400, 'toString'),
    ]) {
      const mapped = toAiProviderError(error, 'transcription')
      expect(mapped.message).not.toContain('exploded')
      expect(mapped.message).not.toContain('sk-live')
    }
    expect(toAiProviderError(apiError(400, 'toString'), 'speech').message).toBe(AI_ERROR_MESSAGES.bad_request)
  })

  it('keeps the generic unsupported texts for servers without speech or transcription', () => {
    expect(toAiProviderError(apiError(501, 'not_implemented'), 'speech').message).toBe(
      'Text to audio is not available with this AI server.',
    )
    expect(toAiProviderError(apiError(501, 'not_implemented'), 'transcription').message).toBe(
      'Audio transcription is not available with this AI server.',
    )
  })
})

describe('toAiProviderError and the provider asking for time', () => {
  it("keeps a 429's retry-after for whoever retries, and only the wait", () => {
    const limited = APIError.generate(
      429,
      { error: { message: RAW_TEXT } },
      RAW_TEXT,
      new Headers({ 'retry-after': '7' }),
    )
    expect(toAiProviderError(limited, 'text')).toMatchObject({
      code: 'rate_limited',
      retryable: true,
      details: { status: 429, retryAfterMs: 7000 },
    })
    expect(toAiProviderError(apiError(429, 'rate_limit_exceeded'), 'text').details.retryAfterMs).toBeUndefined()
  })
})
