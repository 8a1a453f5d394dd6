import { setImmediate as nextTurn } from 'node:timers/promises'
import { Mp3Encoder } from '@breezystack/lamejs'

import type { PcmAudio } from './wav.ts'

/**
 * PCM to MP3 with lamejs (pure JavaScript, so nothing to install). It runs on the main thread,
 * which also serves HTTP, so it encodes in slices and lets other requests in between: a slice is
 * about a second of audio, a few milliseconds of work.
 */

const SAMPLES_PER_FRAME = 1152
const FRAMES_PER_SLICE = 16

/** Speech needs little: 48 kbit/s is clear at flite's 16 kHz; 8 kHz audio has less to keep. */
export function bitrateFor(sampleRate: number): number {
  return sampleRate >= 16_000 ? 48 : 32
}

export async function encodeMp3(
  audio: PcmAudio,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<Uint8Array> {
  const encoder = new Mp3Encoder(1, audio.sampleRate, bitrateFor(audio.sampleRate))
  const parts: Uint8Array[] = []
  const sliceLength = SAMPLES_PER_FRAME * FRAMES_PER_SLICE
  for (let start = 0; start < audio.samples.length; start += sliceLength) {
    if (start > 0) {
      await nextTurn()
      options.signal?.throwIfAborted()
    }
    parts.push(encoder.encodeBuffer(audio.samples.subarray(start, start + sliceLength)))
  }
  parts.push(encoder.flush())
  return concatenateBytes(parts)
}

function concatenateBytes(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return bytes
}
