import type { FormErrors } from '@mantine/form'
import type { TFunction } from 'i18next'
import type { z } from 'zod'

import type { BrandVoice } from '@promptly/api/voices/voice.schema'
import { brandVoiceContent, type BrandVoiceContent } from '@promptly/core/voices/brand-voice'

/** What the form holds: every field of a voice, as typed. */
export interface BrandVoiceFormValues {
  name: string
  audience: string
  tone: string
  wordsToUse: string[]
  wordsToAvoid: string[]
  sample: string
}

/** The fields in the order the form shows them: the first one refused gets the focus. */
export const BRAND_VOICE_FIELDS = [
  'name',
  'audience',
  'tone',
  'wordsToUse',
  'wordsToAvoid',
  'sample',
] as const satisfies readonly (keyof BrandVoiceFormValues)[]
export type BrandVoiceField = (typeof BRAND_VOICE_FIELDS)[number]

/** A new voice's empty form, or the voice being edited. */
export function brandVoiceFormValues(voice: BrandVoice | null): BrandVoiceFormValues {
  return {
    name: voice?.name ?? '',
    audience: voice?.audience ?? '',
    tone: voice?.tone ?? '',
    wordsToUse: voice?.wordsToUse ?? [],
    wordsToAvoid: voice?.wordsToAvoid ?? [],
    sample: voice?.sample ?? '',
  }
}

/**
 * The form checked by the server's own schema (core), so what passes here passes there. Each issue is
 * shown at its field (a word's issue at its list), the first one per field, in the page's language.
 */
export function brandVoiceFormErrors(values: BrandVoiceFormValues, t: TFunction<'account'>): FormErrors {
  const errors: FormErrors = {}
  for (const issue of brandVoiceContent.safeParse(values).error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'name')
    errors[field] ??= ruleMessage(issue, values, t)
  }
  return errors
}

/** The voice as it is sent: trimmed, blank and repeated words dropped (as the server would). */
export function brandVoiceContentOf(values: BrandVoiceFormValues): BrandVoiceContent {
  return brandVoiceContent.parse(values)
}

/**
 * A broken rule in the page's language. Core's messages are English (they answer API callers), so
 * each issue is read by what it checks; one not known here keeps core's message.
 */
function ruleMessage(issue: z.core.$ZodIssue, values: BrandVoiceFormValues, t: TFunction<'account'>): string {
  const field = issue.path[0]
  const inList = issue.path.length > 1
  switch (issue.code) {
    case 'too_small':
      return field === 'name' ? t('profile.voiceForm.rules.nameMissing') : issue.message
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'array') return t('profile.voiceForm.rules.tooManyWords', { max })
      return t(inList ? 'profile.voiceForm.rules.wordTooLong' : 'profile.voiceForm.rules.tooLong', { max })
    }
    case 'custom': {
      const both = field === 'wordsToAvoid' && !inList ? usedAndAvoided(values) : undefined
      if (both !== undefined) return t('profile.voiceForm.rules.usedAndAvoided', { word: both })
      if (field === 'sample') return t('profile.voiceForm.rules.controlCharacter')
      return t('profile.voiceForm.rules.singleLine')
    }
    default:
      return issue.message
  }
}

/** The first word to use that is also to be avoided, compared as the schema compares them. */
function usedAndAvoided(values: BrandVoiceFormValues): string | undefined {
  const avoided = new Set(values.wordsToAvoid.map((word) => word.trim().toLocaleLowerCase()))
  return values.wordsToUse.map((word) => word.trim()).find((word) => avoided.has(word.toLocaleLowerCase()))
}
