import { TONE_BIOS } from './tone-bios.ts'
import type { ToneFamily } from './tone-family.ts'
import { TONE_PHRASES, type TonePhrases } from './tone-phrases.ts'

/**
 * The local model's voice: each tone the tools offer maps to one of six families, and each family
 * has its own phrase bank. Slots in braces are role slots (role-slots.ts): {topic}, {topic2},
 * {who}, {product}, {audience}, {keyword}, each filled with one of the user's values, whole.
 */
const TONE_WORDS: Record<string, ToneFamily> = {
  friendly: 'friendly',
  warm: 'friendly',
  conversational: 'friendly',
  casual: 'friendly',
  helpful: 'friendly',
  'clear and direct': 'professional',
  professional: 'professional',
  formal: 'professional',
  authoritative: 'professional',
  expert: 'professional',
  informative: 'professional',
  premium: 'professional',
  luxurious: 'professional',
  elegant: 'professional',
  modern: 'professional',
  witty: 'witty',
  funny: 'witty',
  playful: 'witty',
  humorous: 'witty',
  fun: 'witty',
  bold: 'bold',
  confident: 'bold',
  'high energy': 'bold',
  energetic: 'bold',
  persuasive: 'bold',
  contrarian: 'bold',
  direct: 'bold',
  inspirational: 'inspiring',
  inspiring: 'inspiring',
  insightful: 'inspiring',
  thoughtful: 'calm',
  calm: 'calm',
  chill: 'calm',
  honest: 'calm',
  diplomatic: 'calm',
  minimal: 'calm',
  brief: 'calm',
}

export function toneFamily(toneWord: string | null): ToneFamily {
  if (!toneWord) return 'friendly'
  const key = toneWord.toLowerCase().trim()
  return TONE_WORDS[key] ?? TONE_WORDS[key.split(/[\s,;]+/)[0] ?? ''] ?? 'friendly'
}

/** A voice's phrase bank: its sentences (tone-phrases.ts) and its bios (tone-bios.ts). */
export interface ToneBank extends TonePhrases {
  /** One-line profile bios. */
  bios: readonly string[]
}

export const TONE_FAMILIES: readonly ToneFamily[] = ['friendly', 'professional', 'witty', 'bold', 'inspiring', 'calm']

function bank(family: ToneFamily): ToneBank {
  return { ...TONE_PHRASES[family], bios: TONE_BIOS[family] }
}

export const TONES: Record<ToneFamily, ToneBank> = {
  friendly: bank('friendly'),
  professional: bank('professional'),
  witty: bank('witty'),
  bold: bank('bold'),
  inspiring: bank('inspiring'),
  calm: bank('calm'),
}
