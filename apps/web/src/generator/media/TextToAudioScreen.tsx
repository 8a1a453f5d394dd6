import { Button, NativeSelect, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { DEFAULT_SPEECH_VOICE, SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { RunOnManyRowsLink } from '../../bulk/RunOnManyRowsLink.tsx'
import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { describeFailure } from '../useGeneration.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { useMediaMessage } from './media-messages.ts'
import { mediaRequestResolver, mediaRequests, mediaRequestsReady } from './media-requests.ts'
import { requestPanelState, settledCallbacks, type MediaScreenProps } from './media-screen.ts'
import { MEDIA_TEXT_FIELDS } from './media-text-fields.ts'
import { MediaResultPanel } from './MediaResultPanel.tsx'
import { MediaTextField } from './MediaTextField.tsx'

const TEXT_ID = MEDIA_TEXT_FIELDS.speech.id
const VOICE_ID = 'speech-voice'

interface SpeechFormValues {
  input: string
  /** '' when no tone is chosen: the schema answers 'Please select a tone to generate audio'. */
  voice: string
}

/**
 * Text to audio (spec section 2): the text, a tone (one of the six voices, alloy by default), and
 * the spoken result in a player that starts by itself, with 'Download Audio' saving audio_file.mp3.
 */
export default function TextToAudioScreen({ toolId, previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const { t } = useTranslation('generator')
  const message = useMediaMessage()
  const form = useForm<SpeechFormValues>({
    initialValues: { input: previous?.prompt ?? '', voice: previous?.voice ?? DEFAULT_SPEECH_VOICE },
    validate: mediaRequestResolver('speechRequest'),
  })
  const speak = useMutation(trpc.generation.speech.mutationOptions(settledCallbacks(onSettled, t)))

  const handleInvalid = (errors: Record<string, unknown>) => {
    // Text first, then the tone: the order the form reads in.
    const field = errors.input ? 'input' : 'voice'
    const error = errors[field]
    if (typeof error === 'string') toast.validation(message(error), `speech-invalid-${field}`)
    document.getElementById(field === 'input' ? TEXT_ID : VOICE_ID)?.focus()
  }

  return (
    <DedicatedToolForm
      name={t('generator.speech.form')}
      showHeading
      onSubmit={form.onSubmit((values) => speak.mutate(mediaRequests().speechRequest.parse(values)), handleInvalid)}
      checksReady={mediaRequestsReady}
      request={speak}
      submitLabel={t('generator.media.generate')}
      afterForm={<RunOnManyRowsLink toolId={toolId} />}
      result={
        <MediaResultPanel
          title={t('generator.speech.resultTitle')}
          {...requestPanelState(speak, (error) => describeFailure(error, t), {
            busy: t('generator.speech.busy'),
            ready: t('generator.speech.ready'),
          })}
          actions={
            speak.data && (
              <Button component="a" href={speak.data.audio.url} download="audio_file.mp3" variant="light" size="xs">
                {t('generator.speech.download')}
              </Button>
            )
          }
        >
          {speak.data && (
            // Started by the Generate press, so browsers allow it to play at once (spec: autoplay).
            <audio
              controls
              autoPlay
              src={speak.data.audio.url}
              aria-label={t('generator.speech.player')}
              style={{ width: '100%' }}
            >
              <a href={speak.data.audio.url} download="audio_file.mp3">
                {t('generator.speech.downloadFallback')}
              </a>
            </audio>
          )}
        </MediaResultPanel>
      }
    >
      <Stack gap="lg">
        <MediaTextField field={MEDIA_TEXT_FIELDS.speech} {...form.getInputProps('input')} />
        <NativeSelect
          id={VOICE_ID}
          label={t('generator.speech.tone')}
          {...form.getInputProps('voice')}
          error={typeof form.errors.voice === 'string' ? message(form.errors.voice) : undefined}
        >
          <option value="">{t('generator.speech.noTone')}</option>
          <optgroup label={t('generator.speech.chooseTone')}>
            {SPEECH_VOICES.map((voice) => (
              <option key={voice} value={voice}>
                {voice}
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </Stack>
    </DedicatedToolForm>
  )
}
