import { Button, Group, Modal, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BrandVoice } from '@promptly/api/voices/voice.schema'

import { FormError } from '../../../identity/auth-fields.tsx'
import {
  BRAND_VOICE_FIELDS,
  brandVoiceContentOf,
  brandVoiceFormErrors,
  brandVoiceFormValues,
  type BrandVoiceField,
  type BrandVoiceFormValues,
} from './brand-voice-form.ts'
import { BrandVoiceFields } from './BrandVoiceFields.tsx'
import { useCreateBrandVoice, useUpdateBrandVoice } from './useBrandVoices.ts'

/** The form dialog's state: open or not, and for which voice. */
export interface VoiceEditor {
  opened: boolean
  /** The voice being edited; null for a new one. */
  voice: BrandVoice | null
  /** A new number at each opening, so the form starts afresh. */
  session: number
}

interface BrandVoiceFormModalProps {
  editor: VoiceEditor
  /** The voice as the server saved it; the list already holds it. */
  onSaved: (voice: BrandVoice) => void
  onClose: () => void
}

/** A new voice, or one to edit, in a dialog named after what it does ("Edit “Workshop”"). */
export function BrandVoiceFormModal({ editor, onSaved, onClose }: BrandVoiceFormModalProps) {
  const { t } = useTranslation('account')
  const title = editor.voice
    ? t('profile.voiceForm.editTitle', { name: editor.voice.name })
    : t('profile.voiceForm.newTitle')
  return (
    <Modal
      opened={editor.opened}
      onClose={onClose}
      title={title}
      size="lg"
      // A click beside the dialog would throw away what was typed; Escape and Cancel still close it.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('profile.voiceForm.close') }}
      // Mantine draws the title bar as <header>, which reads as a second page banner to assistive tech.
      attributes={{ header: { role: 'presentation' } }}
    >
      <BrandVoiceForm key={editor.session} voice={editor.voice} onSaved={onSaved} onCancel={onClose} />
    </Modal>
  )
}

interface BrandVoiceFormProps {
  voice: BrandVoice | null
  onSaved: (voice: BrandVoice) => void
  onCancel: () => void
}

/**
 * Checks the voice with core's schema before sending it (the first field refused gets the focus,
 * its message read with it); the server's refusal (the limit, a name already used) is shown above
 * the buttons as it comes, since its words are meant for the user.
 */
function BrandVoiceForm({ voice, onSaved, onCancel }: BrandVoiceFormProps) {
  const { t } = useTranslation('account')
  const ids = useFieldIds()
  const [serverError, setServerError] = useState<string | null>(null)
  const create = useCreateBrandVoice()
  const update = useUpdateBrandVoice()
  const form = useForm<BrandVoiceFormValues>({
    initialValues: brandVoiceFormValues(voice),
    validate: (values) => brandVoiceFormErrors(values, t),
  })
  const submit = form.onSubmit(
    (values) => {
      setServerError(null)
      const content = brandVoiceContentOf(values)
      const callbacks = {
        onSuccess: onSaved,
        onError: (error: { message: string }) => setServerError(error.message || t('profile.voiceForm.tryAgain')),
      }
      if (voice) update.mutate({ id: voice.id, voice: content }, callbacks)
      else create.mutate(content, callbacks)
    },
    (errors) => {
      const first = BRAND_VOICE_FIELDS.find((field) => errors[field])
      if (first) document.getElementById(ids[first])?.focus()
    },
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <BrandVoiceFields form={form} ids={ids} />
        <FormError title={t('profile.voiceForm.saveFailed')} message={serverError} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('profile.voiceForm.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('profile.voiceForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** An element id for each field, unique on the page. */
function useFieldIds(): Record<BrandVoiceField, string> {
  const prefix = useId()
  const id = (field: BrandVoiceField) => `${prefix}-${field}`
  return {
    name: id('name'),
    audience: id('audience'),
    tone: id('tone'),
    wordsToUse: id('wordsToUse'),
    wordsToAvoid: id('wordsToAvoid'),
    sample: id('sample'),
  }
}
