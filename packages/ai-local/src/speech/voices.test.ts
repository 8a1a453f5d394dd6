import { describe, expect, it } from 'vitest'

import { SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { FLITE_VOICES, fliteOptionsFor, SPEECH_VOICE_SETTINGS } from './voices.ts'

describe('the voice table', () => {
  it('gives each of the six OpenAI voices a flite voice that exists', () => {
    expect(Object.keys(SPEECH_VOICE_SETTINGS).sort()).toEqual([...SPEECH_VOICES].sort())
    for (const settings of Object.values(SPEECH_VOICE_SETTINGS)) expect(FLITE_VOICES).toContain(settings.voice)
  })

  it('makes every voice different from the others', () => {
    const played = SPEECH_VOICES.map((voice) => fliteOptionsFor(voice).join(' '))
    expect(new Set(played).size).toBe(SPEECH_VOICES.length)
  })

  it("uses at least four of flite's voices, not one voice in six pitches", () => {
    expect(new Set(Object.values(SPEECH_VOICE_SETTINGS).map((settings) => settings.voice)).size).toBeGreaterThanOrEqual(
      4,
    )
  })

  it('turns the voice into flite options', () => {
    expect(fliteOptionsFor('onyx')).toEqual([
      '-voice',
      'kal16',
      '--setf',
      'duration_stretch=1.08',
      '--setf',
      'int_f0_target_mean=78',
      '--setf',
      'int_f0_target_stddev=8',
    ])
    expect(fliteOptionsFor('echo')).toEqual(['-voice', 'rms', '--setf', 'duration_stretch=1'])
  })

  it("speaks faster with a higher speed, within OpenAI's 0.25 to 4", () => {
    const stretch = (speed: number) => Number(fliteOptionsFor('echo', speed)[3]?.replace('duration_stretch=', ''))
    expect(stretch(2)).toBe(0.5)
    expect(stretch(0.5)).toBe(2)
    expect(stretch(10)).toBe(0.25)
    expect(stretch(0.1)).toBe(4)
  })
})
