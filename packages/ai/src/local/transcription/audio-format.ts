/**
 * What kind of audio an upload holds, judged from its first bytes rather than its name or
 * content type (both come from the client). The recogniser decodes MP3 (the product's transcription
 * tool takes MP3 files) and WAVE; anything else is refused before any process starts.
 */

export type RecognizableFormat = 'mp3' | 'wav'

export function detectAudioFormat(bytes: Uint8Array): RecognizableFormat | null {
  if (startsWith(bytes, 'RIFF') && ascii(bytes, 8, 4) === 'WAVE') return 'wav'
  if (startsWith(bytes, 'ID3')) return 'mp3'
  // An MPEG audio frame: 11 sync bits, a known version, layer III, and not the "bad" bit-rate index.
  const [first = 0, second = 0, third = 0] = bytes
  const isFrameSync = first === 0xff && (second & 0xe0) === 0xe0
  const isLayer3 = ((second >> 1) & 0b11) === 0b01
  const hasValidVersion = ((second >> 3) & 0b11) !== 0b01
  const hasValidBitrate = third >> 4 !== 0b1111 && ((third >> 2) & 0b11) !== 0b11
  return isFrameSync && isLayer3 && hasValidVersion && hasValidBitrate ? 'mp3' : null
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return ascii(bytes, 0, text.length) === text
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (bytes.length < offset + length) return ''
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}
