import type { SpeechVoice } from '@promptly/core/generation/media-options'

/**
 * How each of OpenAI's six voices is played by flite. flite ships five voices; the table gives
 * each OpenAI voice its own flite voice or its own pitch and pace, so no two sound alike.
 *
 * Measured here: slt and kal16 follow the pitch target (slt 172 Hz by default, kal16 90 Hz);
 * awb and rms are unit-selection voices that ignore it, so they keep their natural pitch.
 */

export const FLITE_VOICES = ['kal', 'kal16', 'awb', 'rms', 'slt'] as const
export type FliteVoice = (typeof FLITE_VOICES)[number]

export interface FliteVoiceSettings {
  voice: FliteVoice
  /** Mean pitch in Hz; left out, the voice keeps its own. */
  pitchMeanHz?: number
  /** How much the pitch moves around the mean, in Hz (livelier when larger). */
  pitchSpreadHz?: number
  /** Above 1 speaks more slowly, below 1 faster. */
  durationStretch: number
}

export const SPEECH_VOICE_SETTINGS: Record<SpeechVoice, FliteVoiceSettings> = {
  /** Neutral and even: the female US voice, a little lower than her own pitch. */
  alloy: { voice: 'slt', pitchMeanHz: 155, durationStretch: 1 },
  /** A plain US male voice. */
  echo: { voice: 'rms', durationStretch: 1 },
  /** The storyteller: the Scottish voice, slightly unhurried. */
  fable: { voice: 'awb', durationStretch: 1.05 },
  /** Deep and slow. */
  onyx: { voice: 'kal16', pitchMeanHz: 78, pitchSpreadHz: 8, durationStretch: 1.08 },
  /** Bright and brisk. */
  nova: { voice: 'slt', pitchMeanHz: 215, pitchSpreadHz: 30, durationStretch: 0.92 },
  /** Soft and unhurried, with a lively melody. */
  shimmer: { voice: 'slt', pitchMeanHz: 190, pitchSpreadHz: 40, durationStretch: 1.12 },
}

/** OpenAI's bounds for `speed`. */
export const MIN_SPEECH_SPEED = 0.25
export const MAX_SPEECH_SPEED = 4

/** flite's command-line options for a voice at a speed (1 is the voice's own pace). */
export function fliteOptionsFor(voice: SpeechVoice, speed = 1): string[] {
  const settings = SPEECH_VOICE_SETTINGS[voice]
  const boundedSpeed = Math.min(MAX_SPEECH_SPEED, Math.max(MIN_SPEECH_SPEED, speed))
  const options = [
    '-voice',
    settings.voice,
    '--setf',
    `duration_stretch=${roundTo(settings.durationStretch / boundedSpeed, 3)}`,
  ]
  if (settings.pitchMeanHz !== undefined) options.push('--setf', `int_f0_target_mean=${settings.pitchMeanHz}`)
  if (settings.pitchSpreadHz !== undefined) options.push('--setf', `int_f0_target_stddev=${settings.pitchSpreadHz}`)
  return options
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
