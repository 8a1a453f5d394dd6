import { describe, expect, it } from 'vitest'

import { encodeWav } from '../speech/wav.ts'
import { detectAudioFormat } from './audio-format.ts'

const bytes = (...values: number[]) => new Uint8Array(values)

describe('detectAudioFormat', () => {
  it('knows WAVE by its RIFF header', () => {
    expect(detectAudioFormat(encodeWav({ sampleRate: 16_000, samples: new Int16Array(10) }))).toBe('wav')
  })

  it('knows MP3 by an ID3 tag or an MPEG layer III frame header', () => {
    expect(detectAudioFormat(new TextEncoder().encode('ID3\u0004\u0000rest'))).toBe('mp3')
    expect(detectAudioFormat(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3') // MPEG-1, 128 kbit/s, 44.1 kHz
    // MPEG-2, 48 kbit/s, 16 kHz (what lamejs writes here)
    expect(detectAudioFormat(bytes(0xff, 0xf3, 0x64, 0xc4))).toBe('mp3')
  })

  it('refuses text, other containers and headers that only look like MP3', () => {
    expect(detectAudioFormat(new TextEncoder().encode('hello, this is not audio'))).toBeNull()
    expect(detectAudioFormat(new TextEncoder().encode('OggS\u0000\u0002'))).toBeNull()
    expect(detectAudioFormat(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000AVI '))).toBeNull()
    expect(detectAudioFormat(bytes(0xff, 0xfd, 0x90, 0x64))).toBeNull() // layer II
    expect(detectAudioFormat(bytes(0xff, 0xfb, 0xf0, 0x64))).toBeNull() // the "bad" bit-rate index
    expect(detectAudioFormat(bytes(0xff, 0xfb, 0x00, 0x64))).toBeNull() // free format: no frame length to walk by
    expect(detectAudioFormat(bytes(0xff, 0xfb, 0x9c, 0x64))).toBeNull() // the reserved sample-rate index
    expect(detectAudioFormat(bytes())).toBeNull()
  })
})
