import { FileInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { MEDIA_LIMITS } from '@promptly/core/generation/media-options'

import { toast } from '../../components/toast.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { toastFailure } from '../failure-toast.tsx'
import type { GenerationFailure } from '../generation-state.ts'
import { outOfCreditsFailure } from '../useGeneration.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { useMediaMessage } from './media-messages.ts'
import { reportFailure, type MediaScreenProps } from './media-screen.ts'
import { TextResultPanel, textResultTexts } from './TextResultPanel.tsx'
import { audioFileProblem, TranscriptionError, uploadTranscription } from './transcription-upload.ts'

const FILE_ID = 'transcription-file'

const MEGABYTE = 1024 * 1024

/**
 * Audio to text (spec section 2): an MP3 picker, Generate, and the text with a copy button. The file
 * is checked here first (chosen, MP3, size), so a wrong one costs no upload; what the bytes really
 * are is the server's to judge, and its answer is shown as it gives it.
 */
export default function TranscriptionScreen({ onSettled }: MediaScreenProps) {
  const { t } = useTranslation('generator')
  const { number } = useFormat()
  const message = useMediaMessage()
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const transcribe = useMutation({
    mutationFn: (audio: File) => uploadTranscription(audio),
    onMutate: () => toast.clearValidation(),
    onError: (error) => {
      if (error instanceof TranscriptionError) toastFailure(failureOf(error, t, message), 'media-failed')
      else reportFailure(error, t)
    },
    onSettled: (data) => onSettled({ creditsLeft: data?.creditsLeft ?? null }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const why = audioFileProblem(file)
    setProblem(why)
    if (why || !file) {
      // The message is the id: a different problem gets its own toast, the same one shows once.
      if (why) toast.validation(message(why), `transcription-invalid-${why}`)
      document.getElementById(FILE_ID)?.focus()
      return
    }
    transcribe.mutate(file)
  }

  const resultTexts = textResultTexts(t, 'transcription')

  return (
    <DedicatedToolForm
      name={t('generator.transcription.form')}
      onSubmit={submit}
      needsSignIn={false}
      request={transcribe}
      submitLabel={t('generator.media.generate')}
      result={
        <TextResultPanel request={transcribe} describe={(error) => failureOf(error, t, message)} texts={resultTexts} />
      }
    >
      <FileInput
        id={FILE_ID}
        label={t('generator.transcription.file')}
        description={t('generator.transcription.fileHint', {
          size: number(MEDIA_LIMITS.transcriptionBytes / MEGABYTE),
        })}
        placeholder={t('generator.transcription.filePlaceholder')}
        accept="audio/mpeg,.mp3"
        clearable
        disabled={transcribe.isPending}
        value={file}
        error={problem === null ? null : message(problem)}
        onChange={(chosen) => {
          setFile(chosen)
          setProblem(null)
        }}
      />
    </DedicatedToolForm>
  )
}

/** The server's words, or the page's own (in its language) when the server said nothing usable. */
function failureOf(error: Error, t: TFunction<'generator'>, message: (text: string) => string): GenerationFailure {
  if (error instanceof TranscriptionError && error.outOfCredits) return outOfCreditsFailure(t)
  if (error instanceof TranscriptionError) return { message: message(error.message), outOfCredits: false }
  return { message: t('generator.transcription.failed'), outOfCredits: false }
}
