/**
 * Recognises an MP3 by its bytes (never by its name or declared type) and measures its length from
 * the MPEG audio frames, so a transcription can be refused before anything is charged or sent.
 * Only MPEG audio Layer III (MP3 proper), versions 1, 2 and 2.5. The one MPEG frame reader of the
 * product: the server's upload checks and the local speech provider's tests both use it.
 */

export interface Mp3Info {
  /** Playing time from the frames found, in seconds. */
  seconds: number
  frames: number
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] as const
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] } as const

/** How far past the ID3 tag the first frame may start (some encoders pad with zeros). */
const FIRST_FRAME_SEARCH_BYTES = 64 * 1024

export interface FrameHeader {
  length: number
  samples: number
  sampleRate: number
}

/** The MPEG Layer III frame header at `offset`, or null when the bytes there are not one. */
export function frameHeaderAt(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null
  const b1 = bytes[offset + 1]!
  const b2 = bytes[offset + 2]!
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const versionBits = (b1 >> 3) & 0b11
  const layerBits = (b1 >> 1) & 0b11
  if (versionBits === 0b01 || layerBits !== 0b01) return null
  const version = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5
  const bitrateIndex = b2 >> 4
  const sampleRateIndex = (b2 >> 2) & 0b11
  // 0 is "free format" (no length to walk by), 15 and 3 are invalid.
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null
  const bitrate = (version === 1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex]!
  const padding = (b2 >> 1) & 1
  const samples = version === 1 ? 1152 : 576
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding
  return { length, samples, sampleRate }
}

/** Where the audio starts: after any ID3v2 tags (several may follow each other). */
function afterId3Tags(bytes: Uint8Array): number {
  let offset = 0
  while (
    offset + 10 <= bytes.length &&
    bytes[offset] === 0x49 && // I
    bytes[offset + 1] === 0x44 && // D
    bytes[offset + 2] === 0x33 // 3
  ) {
    const sizeBytes = bytes.subarray(offset + 6, offset + 10)
    if (sizeBytes.some((byte) => byte >= 0x80)) break
    const size = ((sizeBytes[0]! << 21) | (sizeBytes[1]! << 14) | (sizeBytes[2]! << 7) | sizeBytes[3]!) >>> 0
    const hasFooter = (bytes[offset + 5]! & 0x10) !== 0
    offset += 10 + size + (hasFooter ? 10 : 0)
  }
  return offset
}

/**
 * A frame header that the next frame confirms (or that ends exactly at the end of the file): a
 * lone 0xFF 0xEx pair inside other data is not taken for audio.
 */
function confirmedFrameAt(bytes: Uint8Array, offset: number): FrameHeader | null {
  const header = frameHeaderAt(bytes, offset)
  if (!header) return null
  const next = offset + header.length
  if (next === bytes.length) return header
  const following = frameHeaderAt(bytes, next)
  return following && following.sampleRate === header.sampleRate ? header : null
}

function isTrailingTag(bytes: Uint8Array, offset: number): boolean {
  const rest = String.fromCharCode(...bytes.subarray(offset, offset + 8))
  return rest.startsWith('TAG') || rest.startsWith('APETAGEX') || rest.startsWith('LYRICS')
}

/**
 * The MP3's frame count and playing time, or null when the bytes are not an MP3: they must begin
 * with an ID3v2 tag or an MPEG Layer III frame, and the audio must start with two consecutive
 * frames. Damaged stretches in the middle are skipped by searching for the next confirmed frame.
 */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  const start = afterId3Tags(bytes)
  if (start === 0 && !frameHeaderAt(bytes, 0)) return null
  let offset = start
  const searchEnd = Math.min(bytes.length, start + FIRST_FRAME_SEARCH_BYTES)
  while (offset < searchEnd && !confirmedFrameAt(bytes, offset)) offset += 1
  if (offset >= searchEnd) return null
  let seconds = 0
  let frames = 0
  while (offset + 4 <= bytes.length) {
    const header = frameHeaderAt(bytes, offset)
    if (header && offset + header.length <= bytes.length) {
      seconds += header.samples / header.sampleRate
      frames += 1
      offset += header.length
      continue
    }
    if (header || isTrailingTag(bytes, offset)) break
    offset += 1
    while (offset + 4 <= bytes.length && !confirmedFrameAt(bytes, offset)) offset += 1
  }
  return frames > 0 ? { seconds, frames } : null
}
