import { describe, expect, it } from 'vitest'

import { frameHeaderAt, readMp3 } from './mp3.ts'
import { silentMp3 } from './testing/mp3-fixtures.ts'

describe('readMp3', () => {
  it('measures a plain MPEG-1 Layer III stream by its frames', () => {
    const info = readMp3(silentMp3(3))
    expect(info?.frames).toBe(Math.ceil((3 * 44100) / 1152))
    expect(info?.seconds).toBeCloseTo(3, 1)
  })

  it('skips an ID3v2 tag at the start and a TAG (ID3v1) block at the end', () => {
    const bytes = Buffer.concat([silentMp3(1, { id3: true }), Buffer.from('TAG'.padEnd(128, ' '), 'latin1')])
    expect(readMp3(bytes)?.seconds).toBeCloseTo(1, 1)
  })

  it('recognises MP3 by bytes: text, a PNG, a WAV, an ID3 tag with no audio and an empty file are not', () => {
    expect(readMp3(Buffer.from('Just some notes renamed to notes.mp3\n'.repeat(50)))).toBeNull()
    expect(readMp3(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull()
    expect(readMp3(Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(400)]))).toBeNull()
    expect(readMp3(Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'))).toBeNull()
    expect(readMp3(new Uint8Array())).toBeNull()
  })

  it('does not take a lone frame-sync pair followed by garbage for audio', () => {
    expect(readMp3(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(1000, 0x41)]))).toBeNull()
  })

  it('resynchronises after a damaged stretch in the middle', () => {
    const half = silentMp3(1)
    const bytes = Buffer.concat([half, Buffer.alloc(777, 0x12), half])
    expect(readMp3(bytes)?.seconds).toBeCloseTo(2, 1)
  })
})

describe('frameHeaderAt', () => {
  it('reads MPEG-2 Layer III (576 samples per frame) and refuses Layer II', () => {
    // MPEG-2, Layer III, 64 kbit/s (index 8), 22.05 kHz
    expect(frameHeaderAt(Buffer.from([0xff, 0xf3, 0x80, 0x00]), 0)).toEqual({
      length: 208,
      samples: 576,
      sampleRate: 22050,
    })
    expect(frameHeaderAt(Buffer.from([0xff, 0xfd, 0x90, 0x00]), 0)).toBeNull()
  })
})
