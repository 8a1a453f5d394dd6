import { FileInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { MEDIA_LIMITS } from '@promptly/core/generation/media'

import { toast } from '../../components/toast.ts'
import type { GenerationFailure } from '../generation-state.ts'
import { DedicatedToolForm } from './DedicatedToolForm.tsx'
import { reportFailure, type MediaScreenProps } from './media-screen.ts'
import { TextResultPanel, type TextResultTexts } from './TextResultPanel.tsx'
import {
  audioFileProblem,
  TRANSCRIPTION_FAILED,
  TranscriptionError,
  uploadTranscription,
} from './transcription-upload.ts'

const FILE_ID = 'transcription-file'

const RESULT_TEXTS: TextResultTexts = {
  title: 'Transcript',
  busy: 'Transcribing…',
  ready: 'Your transcript is ready.',
  empty: 'No speech was recognised in this recording.',
  testId: 'transcription-output',
}

/**
 * Audio to text (spec section 2): an MP3 picker, Generate, and the text with a copy button. The file
 * is checked here first (chosen, MP3, size), so a wrong one costs no upload; what the bytes really
 * are is the server's to judge, and its answer is shown as it gives it.
 */
export default function TranscriptionScreen({ onSettled }: MediaScreenProps) {
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const transcribe = useMutation({
    mutationFn: (audio: File) => uploadTranscription(audio),
    onError: (error) => {
      if (error instanceof TranscriptionError) toast.error(error.message, 'media-failed')
      else reportFailure(error)
    },
    onSettled: (data) => onSettled({ creditsLeft: data?.creditsLeft ?? null }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const why = audioFileProblem(file)
    setProblem(why)
    if (why || !file) {
      // The message is the id: a different problem gets its own toast, the same one shows once.
      if (why) toast.error(why, `transcription-invalid-${why}`)
      document.getElementById(FILE_ID)?.focus()
      return
    }
    transcribe.mutate(file)
  }

  return (
    <DedicatedToolForm
      name="Transcription form"
      onSubmit={submit}
      needsSignIn={false}
      request={transcribe}
      submitLabel="Generate"
      result={<TextResultPanel request={transcribe} describe={failureOf} texts={RESULT_TEXTS} />}
    >
      <FileInput
        id={FILE_ID}
        label="Audio file (MP3)"
        description={`An MP3 recording of up to ${MEDIA_LIMITS.transcriptionBytes / 1024 / 1024} MB.`}
        placeholder="Choose an MP3 file"
        accept="audio/mpeg,.mp3"
        clearable
        disabled={transcribe.isPending}
        value={file}
        error={problem}
        onChange={(chosen) => {
          setFile(chosen)
          setProblem(null)
        }}
      />
    </DedicatedToolForm>
  )
}

function failureOf(error: Error): GenerationFailure {
  if (error instanceof TranscriptionError) return { message: error.message, outOfCredits: error.outOfCredits }
  return { message: TRANSCRIPTION_FAILED, outOfCredits: false }
}
