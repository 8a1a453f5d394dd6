import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ImageQuality } from '@promptly/core/credits/costs'
import {
  DEFAULT_IMAGE_COUNT,
  DEFAULT_IMAGE_QUALITY,
  DEFAULT_IMAGE_STYLE,
  type ImageStyle,
} from '@promptly/core/generation/media-options'

import { RunOnManyRowsLink } from '../../bulk/RunOnManyRowsLink.tsx'
import { toast } from '../../components/toast.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { useTRPC } from '../../trpc/client.ts'
import { VoicePicker } from '../RunOptions.tsx'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { IMAGE_COUNT_OPTIONS, IMAGE_QUALITY_OPTIONS, imageCostText, isImageQuality } from './image-options.ts'
import { ImageResultPanel } from './ImageResultPanel.tsx'
import { ImageStyleChips } from './ImageStyleChips.tsx'
import { useMediaMessage } from './media-messages.ts'
import { mediaRequestResolver, mediaRequests, mediaRequestsReady } from './media-requests.ts'
import { settledCallbacks, type MediaScreenProps } from './media-screen.ts'
import { MEDIA_TEXT_FIELDS } from './media-text-fields.ts'
import { MediaTextField } from './MediaTextField.tsx'

const PROMPT_ID = MEDIA_TEXT_FIELDS.image.id
const COST_ID = 'image-cost'

interface ImageFormValues {
  prompt: string
  /** The select's value; the schema coerces it to a number. */
  n: string
  quality: ImageQuality
  style: ImageStyle
}

/**
 * The image generator (spec section 2): prompt, number of images (1 to 10), quality (High = hd,
 * Standard = standard), a style chip, and the price before anything is spent. While it works, the
 * grid holds one placeholder per image asked for.
 */
export default function ImageScreen({ toolId, previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const { t } = useTranslation('generator')
  const { number } = useFormat()
  const message = useMediaMessage()
  const form = useForm<ImageFormValues>({
    initialValues: {
      prompt: previous?.prompt ?? '',
      n: String(previous?.n ?? DEFAULT_IMAGE_COUNT),
      quality: previous?.quality ?? DEFAULT_IMAGE_QUALITY,
      style: previous?.style ?? DEFAULT_IMAGE_STYLE,
    },
    validate: mediaRequestResolver('imageRequest'),
  })
  // What was asked, for the placeholders and the alt texts (the form may change meanwhile).
  const [asked, setAsked] = useState<{ prompt: string; n: number }>({ prompt: '', n: DEFAULT_IMAGE_COUNT })
  const generate = useMutation(trpc.generation.image.mutationOptions(settledCallbacks(onSettled, t)))
  const [voiceId, setVoiceId] = useState<string | null>(null)
  const values = form.getValues()

  const submit = (formValues: ImageFormValues) => {
    const request = mediaRequests().imageRequest.parse(formValues)
    setAsked({ prompt: request.prompt, n: request.n })
    generate.mutate({ ...request, voiceId })
  }
  const handleInvalid = (errors: Record<string, unknown>) => {
    const first = Object.values(errors).find((error) => typeof error === 'string')
    if (typeof first === 'string') toast.validation(message(first), 'image-invalid')
    if (errors.prompt) document.getElementById(PROMPT_ID)?.focus()
  }

  return (
    <DedicatedToolForm
      name={t('generator.image.form')}
      onSubmit={form.onSubmit(submit, handleInvalid)}
      checksReady={mediaRequestsReady}
      request={generate}
      submitLabel={t('generator.media.generate')}
      submitDescribedBy={COST_ID}
      besideSubmit={
        <Text id={COST_ID} size="sm" c="dimmed" data-testid="image-cost">
          {imageCostText(Number(values.n), values.quality, t)}
        </Text>
      }
      result={<ImageResultPanel request={generate} asked={asked} />}
      afterForm={<RunOnManyRowsLink toolId={toolId} />}
    >
      <Stack gap="lg">
        <MediaTextField field={MEDIA_TEXT_FIELDS.image} {...form.getInputProps('prompt')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t('generator.image.count')}
            data={IMAGE_COUNT_OPTIONS.map((count) => ({ value: count, label: number(Number(count)) }))}
            {...form.getInputProps('n')}
            error={typeof form.errors.n === 'string' ? message(form.errors.n) : undefined}
          />
          <NativeSelect
            label={t('generator.image.quality')}
            data={IMAGE_QUALITY_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
            value={values.quality}
            onChange={(event) => {
              const quality = event.currentTarget.value
              if (isImageQuality(quality)) form.setFieldValue('quality', quality)
            }}
          />
        </SimpleGrid>
        <ImageStyleChips value={values.style} onChange={(style) => form.setFieldValue('style', style)} />
        <VoicePicker value={voiceId} onChange={setVoiceId} disabled={generate.isPending} />
      </Stack>
    </DedicatedToolForm>
  )
}
