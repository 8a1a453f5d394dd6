import { describe, expect, it } from 'vitest'

import { loadFliteModule, synthesizeWithFlite } from './flite-engine.ts'

describe('synthesizeWithFlite', () => {
  it('compiles the module once per process', async () => {
    expect(await loadFliteModule()).toBe(await loadFliteModule())
  })

  it.each([
    ['slt', 16_000],
    ['kal', 8_000],
  ])('speaks with the %s voice at %i Hz', async (voice, sampleRate) => {
    const audio = await synthesizeWithFlite('Good morning.', ['-voice', voice])
    expect(audio.sampleRate).toBe(sampleRate)
    expect(audio.samples.length / sampleRate).toBeGreaterThan(0.5)
    expect(audio.samples.some((sample) => Math.abs(sample) > 1_000)).toBe(true)
  })

  it('speaks a text that looks like an option instead of obeying it', async () => {
    const audio = await synthesizeWithFlite('-h', ['-voice', 'kal'])
    expect(audio.samples.length).toBeGreaterThan(0)
  })

  it('rejects with the reason when aborted mid-run', async () => {
    const controller = new AbortController()
    const speaking = synthesizeWithFlite(
      'A sentence that takes a while to speak. '.repeat(7),
      ['-voice', 'rms'],
      controller.signal,
    )
    setTimeout(() => controller.abort(new Error('stop')), 30)
    await expect(speaking).rejects.toThrow('stop')
  })
})
