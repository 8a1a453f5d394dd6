/**
 * Walks the MPEG audio frames of an MP3 file. The tests use it to check that the encoder writes
 * real frames, and the measuring script to report durations; it only reads what lamejs writes
 * (MPEG-1, 2 and 2.5 layer III, no free-format bit rate).
 */

export interface Mp3FrameSummary {
  frames: number
  sampleRate: number
  durationSeconds: number
  /** Bytes that were not part of a frame (an ID3 tag or garbage); lamejs writes none. */
  skippedBytes: number
}

type MpegVersion = 1 | 2 | 2.5

const BITRATES_KBPS: Record<'mpeg1' | 'mpeg2', number[]> = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const SAMPLE_RATES: Record<MpegVersion, number[]> = {
  1: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  2.5: [11_025, 12_000, 8_000],
}

interface FrameHeader {
  sampleRate: number
  samples: number
  length: number
}

/** The header of the layer III frame starting at `offset`, or null when there is none. */
export function readFrameHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null
  const b1 = bytes[offset + 1] ?? 0
  const b2 = bytes[offset + 2] ?? 0
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const versionBits = (b1 >> 3) & 0b11
  const layerBits = (b1 >> 1) & 0b11
  if (versionBits === 0b01 || layerBits !== 0b01) return null // reserved version, or not layer III
  const version: MpegVersion = versionBits === 0b11 ? 1 : versionBits === 0b10 ? 2 : 2.5
  const bitrate = BITRATES_KBPS[version === 1 ? 'mpeg1' : 'mpeg2'][b2 >> 4]
  const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 0b11]
  if (!bitrate || !sampleRate) return null
  const padding = (b2 >> 1) & 1
  const samples = version === 1 ? 1152 : 576
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding
  return { sampleRate, samples, length }
}

export function summarizeMp3(bytes: Uint8Array): Mp3FrameSummary {
  let offset = 0
  let frames = 0
  let samples = 0
  let sampleRate = 0
  let skippedBytes = 0
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset)
    if (!header || offset + header.length > bytes.length) {
      offset += 1
      skippedBytes += 1
      continue
    }
    frames += 1
    samples += header.samples
    sampleRate = header.sampleRate
    offset += header.length
  }
  return { frames, sampleRate, durationSeconds: sampleRate === 0 ? 0 : samples / sampleRate, skippedBytes }
}
