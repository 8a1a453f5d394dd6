import { frameHeaderAt } from '@promptly/core/media/mp3'

/**
 * Walks every byte of an MP3 file frame by frame (headers read by core's MP3 reader), counting what
 * is not a frame: the tests use it to check that the encoder writes nothing but real frames, and the
 * measuring script to report durations.
 */

export interface Mp3FrameSummary {
  frames: number
  sampleRate: number
  durationSeconds: number
  /** Bytes that were not part of a frame (an ID3 tag or garbage); lamejs writes none. */
  skippedBytes: number
}

export function summarizeMp3(bytes: Uint8Array): Mp3FrameSummary {
  let offset = 0
  let frames = 0
  let samples = 0
  let sampleRate = 0
  let skippedBytes = 0
  while (offset < bytes.length) {
    const header = frameHeaderAt(bytes, offset)
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
