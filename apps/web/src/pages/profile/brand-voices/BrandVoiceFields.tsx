import { TagsInput, Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'

import {
  BRAND_VOICE_AUDIENCE_MAX,
  BRAND_VOICE_NAME_MAX,
  BRAND_VOICE_SAMPLE_MAX,
  BRAND_VOICE_TONE_MAX,
  BRAND_VOICE_WORD_MAX,
  BRAND_VOICE_WORDS_MAX,
} from '@promptly/core/voices/brand-voice'

import type { BrandVoiceField, BrandVoiceFormValues } from './brand-voice-form.ts'

interface BrandVoiceFieldsProps {
  form: UseFormReturnType<BrandVoiceFormValues>
  /** Each field's element id, for the focus to find the first one refused. */
  ids: Record<BrandVoiceField, string>
}

/**
 * A voice's fields. The length limits are core's (maxLength stops typing there, the schema check
 * catches a paste); a word list takes a word or phrase on Enter or a comma, and one typed but not
 * yet added when the field loses the focus.
 */
export function BrandVoiceFields({ form, ids }: BrandVoiceFieldsProps) {
  const { t } = useTranslation('account')
  const wordsHint = t('profile.voiceForm.wordsHint', { max: BRAND_VOICE_WORDS_MAX })
  return (
    <>
      <TextInput
        id={ids.name}
        label={t('profile.voiceForm.name')}
        description={t('profile.voiceForm.nameHint')}
        required
        maxLength={BRAND_VOICE_NAME_MAX}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        id={ids.audience}
        label={t('profile.voiceForm.audience')}
        description={t('profile.voiceForm.audienceHint')}
        maxLength={BRAND_VOICE_AUDIENCE_MAX}
        {...form.getInputProps('audience')}
      />
      <TextInput
        id={ids.tone}
        label={t('profile.voiceForm.tone')}
        description={t('profile.voiceForm.toneHint')}
        maxLength={BRAND_VOICE_TONE_MAX}
        {...form.getInputProps('tone')}
      />
      <TagsInput
        id={ids.wordsToUse}
        label={t('profile.voiceForm.wordsToUse')}
        description={wordsHint}
        maxTags={BRAND_VOICE_WORDS_MAX}
        maxLength={BRAND_VOICE_WORD_MAX}
        {...form.getInputProps('wordsToUse')}
      />
      <TagsInput
        id={ids.wordsToAvoid}
        label={t('profile.voiceForm.wordsToAvoid')}
        description={wordsHint}
        maxTags={BRAND_VOICE_WORDS_MAX}
        maxLength={BRAND_VOICE_WORD_MAX}
        {...form.getInputProps('wordsToAvoid')}
      />
      <Textarea
        id={ids.sample}
        label={t('profile.voiceForm.sample')}
        description={t('profile.voiceForm.sampleHint')}
        rows={5}
        resize="vertical"
        maxLength={BRAND_VOICE_SAMPLE_MAX}
        {...form.getInputProps('sample')}
      />
    </>
  )
}
