/**
 * What kind of audio an upload holds, judged from its first bytes rather than its name or
 * content type (both come from the client). The recogniser decodes MP3 (the product's transcription
 * tool takes MP3 files) and WAVE; anything else is refused before any process starts.
 */

import { frameHeaderAt } from '@promptly/core/media/mp3'

export type RecognizableFormat = 'mp3' | 'wav'

export function detectAudioFormat(bytes: Uint8Array): RecognizableFormat | null {
  if (startsWith(bytes, 'RIFF') && ascii(bytes, 8, 4) === 'WAVE') return 'wav'
  if (startsWith(bytes, 'ID3')) return 'mp3'
  // An MPEG layer III frame header, read as the MP3 reader reads it (free-format and invalid
  // bit-rate or sample-rate indexes are refused there, so they are refused here too).
  return frameHeaderAt(bytes, 0) !== null ? 'mp3' : null
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return ascii(bytes, 0, text.length) === text
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (bytes.length < offset + length) return ''
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}
