import { describe, expect, it } from 'vitest'

import { frameHeaderAt } from '@promptly/core/media/mp3'

import { bitrateFor, encodeMp3 } from './mp3-encoder.ts'
import { summarizeMp3 } from './mp3-frames.ts'
import { concatenatePcm, encodeWav, parseWav, type PcmAudio } from './wav.ts'

/** A spoken-like test signal: a 220 Hz tone with a slow swell, at the given rate and length. */
function tone(sampleRate: number, seconds: number): PcmAudio {
  const samples = new Int16Array(Math.round(sampleRate * seconds))
  for (let index = 0; index < samples.length; index += 1) {
    const time = index / sampleRate
    samples[index] = Math.round(
      12_000 * Math.sin(2 * Math.PI * 220 * time) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 2 * time)),
    )
  }
  return { sampleRate, samples }
}

describe('encodeMp3', () => {
  it.each([16_000, 8_000])(
    'writes nothing but valid MPEG layer III frames at %i Hz, lasting as long as the input',
    async (sampleRate) => {
      const mp3 = await encodeMp3(tone(sampleRate, 3))
      const summary = summarizeMp3(mp3)
      expect(summary.skippedBytes).toBe(0)
      expect(summary.sampleRate).toBe(sampleRate)
      // lame adds up to about two frames of padding (and its encoder delay) at the ends.
      expect(summary.durationSeconds).toBeGreaterThanOrEqual(3)
      expect(summary.durationSeconds).toBeLessThan(3.2)
      // The size follows the constant bit rate: bytes = bits per second x seconds / 8.
      expect(mp3.byteLength).toBeCloseTo((bitrateFor(sampleRate) * 1000 * summary.durationSeconds) / 8, -3)
    },
  )

  it('starts with a frame header a player recognises', async () => {
    const mp3 = await encodeMp3(tone(16_000, 1))
    expect(frameHeaderAt(mp3, 0)).toMatchObject({ sampleRate: 16_000, samples: 576 })
  })

  it('encodes silence and an empty input without failing', async () => {
    expect(
      summarizeMp3(await encodeMp3({ sampleRate: 16_000, samples: new Int16Array(16_000) })).durationSeconds,
    ).toBeGreaterThanOrEqual(1)
    expect((await encodeMp3({ sampleRate: 16_000, samples: new Int16Array(0) })).byteLength).toBeLessThan(1_000)
  })

  it('stops between slices when the signal aborts', async () => {
    const controller = new AbortController()
    const encoding = encodeMp3(tone(16_000, 30), { signal: controller.signal })
    controller.abort(new Error('client left'))
    await expect(encoding).rejects.toThrow('client left')
  })
})

describe('WAVE files', () => {
  it('reads back what it writes', () => {
    const audio = tone(16_000, 0.25)
    const parsed = parseWav(encodeWav(audio))
    expect(parsed.sampleRate).toBe(16_000)
    expect(parsed.samples).toEqual(audio.samples)
  })

  it('refuses what flite would never write', () => {
    expect(() => parseWav(new TextEncoder().encode('not a wave file at all'))).toThrow('Not a WAVE file')
    const stereo = encodeWav(tone(16_000, 0.1))
    new DataView(stereo.buffer).setUint16(22, 2, true)
    expect(() => parseWav(stereo)).toThrow('16-bit mono')
  })

  it('joins pieces of the same rate and refuses to mix rates', () => {
    const joined = concatenatePcm([tone(16_000, 0.5), tone(16_000, 0.25)], 16_000)
    expect(joined.samples.length).toBe(12_000)
    expect(() => concatenatePcm([tone(8_000, 0.1)], 16_000)).toThrow('Cannot join')
  })
})
