/** Mono 16-bit PCM: what flite writes and what the mp3 encoder reads. */
export interface PcmAudio {
  sampleRate: number
  samples: Int16Array
}

const HEADER_BYTES = 44

/** Reads a RIFF/WAVE file of 16-bit mono PCM (flite's output). Throws on anything else. */
export function parseWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.byteLength < 12 || tag(view, 0) !== 'RIFF' || tag(view, 8) !== 'WAVE') throw new Error('Not a WAVE file')
  let sampleRate: number | undefined
  let offset = 12
  while (offset + 8 <= bytes.byteLength) {
    const chunk = tag(view, offset)
    const size = view.getUint32(offset + 4, true)
    const body = offset + 8
    if (chunk === 'fmt ') {
      const format = view.getUint16(body, true)
      const channels = view.getUint16(body + 2, true)
      const bitsPerSample = view.getUint16(body + 14, true)
      if (format !== 1 || channels !== 1 || bitsPerSample !== 16) throw new Error('Only 16-bit mono PCM is supported')
      sampleRate = view.getUint32(body + 4, true)
    } else if (chunk === 'data') {
      if (sampleRate === undefined) throw new Error('WAVE data before its format')
      // flite may report a larger size than it wrote when cut short; read what is there.
      const available = Math.min(size, bytes.byteLength - body)
      const samples = new Int16Array(Math.floor(available / 2))
      for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(body + index * 2, true)
      return { sampleRate, samples }
    }
    offset = body + size + (size % 2) // chunks are padded to an even length
  }
  throw new Error('WAVE file without data')
}

/** A 16-bit mono WAVE file of the samples. */
export function encodeWav(audio: PcmAudio): Uint8Array {
  const dataBytes = audio.samples.length * 2
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes)
  const view = new DataView(bytes.buffer)
  writeTag(view, 0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  writeTag(view, 8, 'WAVE')
  writeTag(view, 12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, audio.sampleRate, true)
  view.setUint32(28, audio.sampleRate * 2, true) // bytes per second
  view.setUint16(32, 2, true) // bytes per frame
  view.setUint16(34, 16, true)
  writeTag(view, 36, 'data')
  view.setUint32(40, dataBytes, true)
  for (let index = 0; index < audio.samples.length; index += 1)
    view.setInt16(HEADER_BYTES + index * 2, audio.samples[index] ?? 0, true)
  return bytes
}

/** Joins pieces spoken with the same voice (hence the same sample rate). */
export function concatenatePcm(pieces: PcmAudio[], sampleRate: number): PcmAudio {
  const total = pieces.reduce((sum, piece) => sum + piece.samples.length, 0)
  const samples = new Int16Array(total)
  let offset = 0
  for (const piece of pieces) {
    if (piece.sampleRate !== sampleRate)
      throw new Error(`Cannot join ${piece.sampleRate} Hz audio to ${sampleRate} Hz audio`)
    samples.set(piece.samples, offset)
    offset += piece.samples.length
  }
  return { sampleRate, samples }
}

function tag(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  )
}

function writeTag(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < 4; index += 1) view.setUint8(offset + index, text.charCodeAt(index))
}
