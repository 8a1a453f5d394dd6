import { Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ParaphraseRequest } from '@promptly/core/generation/media'
import { MEDIA_LIMITS } from '@promptly/core/generation/media-options'

import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { PasteTextButton } from '../PasteTextButton.tsx'
import { VoicePicker } from '../RunOptions.tsx'
import { describeFailure } from '../useGeneration.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { useMediaMessage } from './media-messages.ts'
import { mediaRequestResolver, mediaRequests, mediaRequestsReady } from './media-requests.ts'
import { settledCallbacks, type MediaScreenProps } from './media-screen.ts'
import { MEDIA_TEXT_FIELDS } from './media-text-fields.ts'
import { MediaTextField } from './MediaTextField.tsx'
import { TextResultPanel, textResultTexts } from './TextResultPanel.tsx'

const FIELD_ID = MEDIA_TEXT_FIELDS.paraphrase.id

/**
 * The paraphrase tool (spec section 2): a text area with 'Paste Text', 'Paraphrase', and the result
 * split by lines with a copy button once there is one. Validated with core's paraphraseRequest,
 * the schema the server parses with too.
 */
export default function ParaphraseScreen({ previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const { t } = useTranslation('generator')
  const message = useMediaMessage()
  const form = useForm<ParaphraseRequest>({
    initialValues: { prompt: previous?.prompt ?? '' },
    validate: mediaRequestResolver('paraphraseRequest'),
  })
  const paraphrase = useMutation(trpc.generation.paraphrase.mutationOptions(settledCallbacks(onSettled, t)))
  const [voiceId, setVoiceId] = useState<string | null>(null)

  const handleInvalid = (errors: Record<string, unknown>) => {
    if (typeof errors.prompt === 'string') toast.validation(message(errors.prompt), 'paraphrase-invalid')
    document.getElementById(FIELD_ID)?.focus()
  }

  const resultTexts = textResultTexts(t, 'paraphrase')

  return (
    <DedicatedToolForm
      name={t('generator.paraphrase.form')}
      onSubmit={form.onSubmit(
        (values) => paraphrase.mutate({ ...mediaRequests().paraphraseRequest.parse(values), voiceId }),
        handleInvalid,
      )}
      checksReady={mediaRequestsReady}
      request={paraphrase}
      submitLabel={t('generator.paraphrase.submit')}
      result={
        <TextResultPanel request={paraphrase} describe={(error) => describeFailure(error, t)} texts={resultTexts} />
      }
    >
      <Stack gap="xs">
        <MediaTextField field={MEDIA_TEXT_FIELDS.paraphrase} {...form.getInputProps('prompt')} />
        <PasteTextButton
          // Said when the browser refuses (or lacks) clipboard reading; typing or Ctrl+V still work.
          refusedMessage={t('generator.paraphrase.pasteRefused')}
          onPaste={(text) => {
            form.setFieldValue('prompt', text.slice(0, MEDIA_LIMITS.paraphraseChars))
            document.getElementById(FIELD_ID)?.focus()
          }}
        />
        <VoicePicker value={voiceId} onChange={setVoiceId} disabled={paraphrase.isPending} />
      </Stack>
    </DedicatedToolForm>
  )
}
