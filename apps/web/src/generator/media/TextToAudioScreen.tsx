import { Button, NativeSelect, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'

import { DEFAULT_SPEECH_VOICE, SPEECH_VOICES, speechRequest } from '@promptly/core/generation/media'

import { toast } from '../../components/toast.ts'
import { useTRPC } from '../../trpc/client.ts'
import { describeFailure } from '../useGeneration.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
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
export default function TextToAudioScreen({ previous, onSettled }: MediaScreenProps) {
  const trpc = useTRPC()
  const form = useForm<SpeechFormValues>({
    initialValues: { input: previous?.prompt ?? '', voice: previous?.voice ?? DEFAULT_SPEECH_VOICE },
    validate: schemaResolver(speechRequest, { sync: true }),
  })
  const speak = useMutation(trpc.generation.speech.mutationOptions(settledCallbacks(onSettled)))

  const handleInvalid = (errors: Record<string, unknown>) => {
    // Text first, then the tone: the order the form reads in.
    const field = errors.input ? 'input' : 'voice'
    const message = errors[field]
    if (typeof message === 'string') toast.error(message, `speech-invalid-${field}`)
    document.getElementById(field === 'input' ? TEXT_ID : VOICE_ID)?.focus()
  }

  return (
    <DedicatedToolForm
      name="Text to Audio Conversion"
      showHeading
      onSubmit={form.onSubmit((values) => speak.mutate(speechRequest.parse(values)), handleInvalid)}
      request={speak}
      submitLabel="Generate"
      result={
        <MediaResultPanel
          title="Your audio"
          {...requestPanelState(speak, describeFailure, {
            busy: 'Generating the audio…',
            ready: 'Your audio is ready and playing.',
          })}
          actions={
            speak.data && (
              <Button component="a" href={speak.data.audio.url} download="audio_file.mp3" variant="light" size="xs">
                Download Audio
              </Button>
            )
          }
        >
          {speak.data && (
            // Started by the Generate press, so browsers allow it to play at once (spec: autoplay).
            <audio controls autoPlay src={speak.data.audio.url} aria-label="Generated audio" style={{ width: '100%' }}>
              <a href={speak.data.audio.url} download="audio_file.mp3">
                Download the audio
              </a>
            </audio>
          )}
        </MediaResultPanel>
      }
    >
      <Stack gap="lg">
        <MediaTextField field={MEDIA_TEXT_FIELDS.speech} {...form.getInputProps('input')} />
        <NativeSelect id={VOICE_ID} label="Select Tone" {...form.getInputProps('voice')}>
          <option value="">No tone selected</option>
          <optgroup label="Choose a Tone">
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
