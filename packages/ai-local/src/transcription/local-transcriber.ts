import { createConcurrencyLimit } from '../concurrency-limit.ts'
import { detectAudioFormat } from './audio-format.ts'
import { recognizeWithPocketsphinx, UnreadableAudioError } from './pocketsphinx-recognizer.ts'
import { findRecognizerTools } from './recognizer-tools.ts'
import { transcriptFromUtterances } from './transcript-text.ts'

/** The local speech-to-text engine: audio bytes in, text out. */

export { RecognizerFailedError, UnreadableAudioError } from './pocketsphinx-recognizer.ts'

/** The recogniser's programs or model are not installed; `missing` names them (for the server's log and answer). */
export class RecognizerUnavailableError extends Error {
  override readonly name = 'RecognizerUnavailableError'
  constructor(readonly missing: string[]) {
    super(`Missing: ${missing.join(', ')}`)
  }
}

/**
 * Recognisers running at once, across all requests. Each is three processes and pocketsphinx alone
 * takes a core for about a second to load its model; more than two would only slow each other.
 */
export const MAX_CONCURRENT_RECOGNIZERS = 2
const recognizers = createConcurrencyLimit(MAX_CONCURRENT_RECOGNIZERS)

export interface LocalTranscriptionRequest {
  audio: Uint8Array
  signal?: AbortSignal | undefined
}

/**
 * The text spoken in the audio. Throws UnreadableAudioError for a file that is not MP3 or WAVE
 * audio, RecognizerUnavailableError when the tools are not installed, RecognizerFailedError when
 * pocketsphinx itself fails, and the signal's reason when it aborts (queued or running).
 */
export async function transcribeLocally(request: LocalTranscriptionRequest): Promise<{ text: string }> {
  const format = detectAudioFormat(request.audio)
  if (!format) throw new UnreadableAudioError('Neither MP3 nor WAVE audio')
  const lookup = await findRecognizerTools()
  if (!lookup.found) throw new RecognizerUnavailableError(lookup.missing)
  const utterances = await recognizers.run(
    () => recognizeWithPocketsphinx(request.audio, format, lookup.tools, request.signal),
    request.signal,
  )
  return { text: transcriptFromUtterances(utterances) }
}

/** How many recognisers run and wait now (for tests and the measuring script). */
export function recognizerLoad(): { active: number; waiting: number } {
  return { active: recognizers.active, waiting: recognizers.waiting }
}
