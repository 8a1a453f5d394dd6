import { creditCost } from '@promptly/core/credits/costs'
import { badRequest } from '@promptly/core/errors/app-error'
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { readMp3 } from '@promptly/core/media/mp3'

import { runOneShot, type OneShotCaller } from './one-shot-generation.ts'
import { textAsHtml } from './text-as-html.ts'
import { transcriptionFile, type TranscriptionFile, type TranscriptionOutput } from './transcription.schema.ts'

export interface TranscribeOptions extends OneShotCaller {
  /** The uploaded bytes and the name the browser gave the file (the name is only passed on). */
  file: TranscriptionFile
}

/** Said when the audio holds no words, rather than charging for an empty page. */
export const NO_SPEECH_FOUND = 'No speech was found in this audio.'

/**
 * REST `POST /response/transcription` (multipart, so a plain HTTP route rather than a procedure):
 * the audio's text. The file must be an MP3 by its bytes (ID3v2 tag or MPEG Layer III frames, the
 * name and declared type are not trusted) and at most MEDIA_LIMITS.transcriptionSeconds long by its
 * frames; both are checked before anything is charged. Then one credit, refunded on any failure.
 * Signed in and charged: the original product had neither, and any visitor could spend its key.
 */
export async function transcribe({ ctx, file, signal }: TranscribeOptions): Promise<TranscriptionOutput> {
  const { bytes, fileName } = transcriptionFile.parse(file)
  if (bytes.byteLength === 0) throw badRequest(MEDIA_MESSAGES.noAudioFile)
  if (bytes.byteLength > MEDIA_LIMITS.transcriptionBytes) throw badRequest(MEDIA_MESSAGES.audioTooLarge)
  const mp3 = readMp3(bytes)
  if (!mp3) throw badRequest(MEDIA_MESSAGES.notMp3)
  if (mp3.seconds > MEDIA_LIMITS.transcriptionSeconds) throw badRequest(MEDIA_MESSAGES.audioTooLong)
  const cost = creditCost({ kind: 'transcription' })
  const asked = { fileName, bytes: bytes.byteLength, seconds: Math.round(mp3.seconds * 10) / 10 }
  return runOneShot({ ctx, signal }, { kind: 'transcription', cost, input: asked }, async () => {
    const result = await ctx.ai.transcribe({
      audio: bytes,
      fileName,
      contentType: 'audio/mpeg',
      ...(signal && { signal }),
    })
    const text = result.text.trim()
    if (text === '') throw badRequest(NO_SPEECH_FOUND)
    return { output: textAsHtml(text), model: result.model, value: { text } }
  })
}
