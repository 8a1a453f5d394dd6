import { availableParallelism } from 'node:os'

import type { SpeechVoice } from '@promptly/core/generation/media-options'

import { createConcurrencyLimit } from '../concurrency-limit.ts'
import { synthesizeWithFlite } from './flite-engine.ts'
import { encodeMp3 } from './mp3-encoder.ts'
import { speakableText, splitIntoPieces } from './speech-text.ts'
import { fliteOptionsFor } from './voices.ts'
import { concatenatePcm, encodeWav, type PcmAudio } from './wav.ts'

/** The local text-to-speech engine: text in, MP3 (or WAVE) out. */

export const SPEECH_FORMATS = ['mp3', 'wav'] as const
export type SpeechFormat = (typeof SPEECH_FORMATS)[number]

export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
}

export interface LocalSpeechRequest {
  text: string
  voice: SpeechVoice
  /** 0.25 to 4, as OpenAI's; 1 is the voice's own pace. */
  speed?: number | undefined
  format: SpeechFormat
  signal?: AbortSignal | undefined
}

export interface LocalSpeech {
  audio: Uint8Array
  contentType: string
  durationSeconds: number
}

/**
 * flite runs, across all requests: one per core (at most two, the size of these machines), so
 * speech never takes every core from the server.
 */
const fliteRuns = createConcurrencyLimit(Math.max(1, Math.min(2, availableParallelism())))
/** Pieces whose speaking began, since the process started: tells a dropped piece from a spoken one. */
let piecesStarted = 0
/** How many pieces of one text are spoken at the same time. */
const PIECES_IN_FLIGHT = 2
/** What a text with nothing speakable in it (only emoji, say) becomes: a quarter second of silence. */
const SILENCE: PcmAudio = { sampleRate: 16_000, samples: new Int16Array(4_000) }

export async function synthesizeLocalSpeech(request: LocalSpeechRequest): Promise<LocalSpeech> {
  const pieces = splitIntoPieces(speakableText(request.text))
  const options = fliteOptionsFor(request.voice, request.speed)
  const spoken = pieces.length === 0 ? [SILENCE] : await speakPieces(pieces, options, request.signal)
  const pcm = concatenatePcm(spoken, spoken[0]?.sampleRate ?? SILENCE.sampleRate)
  const audio = request.format === 'mp3' ? await encodeMp3(pcm, { signal: request.signal }) : encodeWav(pcm)
  return {
    audio,
    contentType: SPEECH_CONTENT_TYPES[request.format],
    durationSeconds: pcm.samples.length / pcm.sampleRate,
  }
}

/**
 * Speaks the pieces in order, two at a time. Each piece queues for a flite run on its own, so a
 * long text does not hold both runs until it is done: a short request that arrives meanwhile
 * gets the next free run.
 */
async function speakPieces(
  pieces: string[],
  options: string[],
  outerSignal: AbortSignal | undefined,
): Promise<PcmAudio[]> {
  const failed = new AbortController()
  const signal = outerSignal ? AbortSignal.any([outerSignal, failed.signal]) : failed.signal
  const spoken: PcmAudio[] = new Array<PcmAudio>(pieces.length)
  let next = 0
  const lane = async () => {
    while (next < pieces.length) {
      const index = next
      next += 1
      const piece = pieces[index] ?? ''
      spoken[index] = await fliteRuns.run(() => {
        piecesStarted += 1
        return synthesizeWithFlite(piece, options, signal)
      }, signal)
    }
  }
  const lanes = Array.from({ length: Math.min(PIECES_IN_FLIGHT, pieces.length) }, () =>
    lane().catch((error: unknown) => {
      failed.abort(error) // the other lane stops too
      throw error
    }),
  )
  const outcomes = await Promise.allSettled(lanes)
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failure) throw outerSignal?.aborted ? outerSignal.reason : failure.reason
  return spoken
}

/**
 * How many flite runs are going and waiting now, and how many pieces have started in all (for tests and the measuring
 * script).
 */
export function speechEngineLoad(): { active: number; waiting: number; started: number } {
  return { active: fliteRuns.active, waiting: fliteRuns.waiting, started: piecesStarted }
}
