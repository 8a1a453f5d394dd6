/**
 * A valid MP3 of silence, built frame by frame: MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono-free
 * stereo header, all-zero side information and main data (which decoders play as silence). Each
 * frame is 1152 samples (about 26 ms). Enough for format checks, duration limits and fake servers.
 */
export function silentMp3(seconds: number, options: { id3?: boolean } = {}): Uint8Array {
  const frames = Math.max(1, Math.ceil((seconds * 44100) / 1152))
  // 128 kbit/s at 44.1 kHz: 144 * 128000 / 44100 = 417.96; frames alternate padding to keep the rate.
  const parts: Buffer[] = []
  if (options.id3) parts.push(id3Tag('Silence'))
  let carry = 0
  for (let index = 0; index < frames; index += 1) {
    carry += (144 * 128000) % 44100
    const padding = carry >= 44100 ? 1 : 0
    if (padding) carry -= 44100
    const frame = Buffer.alloc(417 + padding)
    frame[0] = 0xff
    frame[1] = 0xfb // MPEG-1, Layer III, no CRC
    frame[2] = 0x90 | (padding << 1) // 128 kbit/s, 44.1 kHz
    frame[3] = 0x00 // stereo
    parts.push(frame)
  }
  return Buffer.concat(parts)
}

/** A minimal ID3v2.3 tag with a title frame. */
function id3Tag(title: string): Buffer {
  const text = Buffer.from(`\0${title}`, 'latin1')
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), u32(text.length), Buffer.from([0, 0]), text])
  const size = frame.length
  const syncsafe = Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f])
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncsafe, frame])
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}
