import { z } from 'zod'

import { textGenerationOutput } from './text-output.schema.ts'

/** The file names the provider is told; anything odd becomes this (the name is informational only). */
const DEFAULT_FILE_NAME = 'audio.mp3'

/**
 * The uploaded file as the transcription handler takes it: the bytes, and the browser's name for it
 * cut down to a plain file name ending in .mp3 (the provider infers the format from the name, and the
 * bytes have been checked to be MP3 whatever the name said).
 */
export const transcriptionFile = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: 'The upload is not a file' }),
  fileName: z
    .string()
    .max(1_000)
    .optional()
    .transform((name) => {
      const base =
        (name ?? '')
          .split(/[\\/]/)
          .pop()
          ?.replace(/[^\w .()-]/g, '')
          .trim()
          .slice(0, 100) ?? ''
      if (base === '') return DEFAULT_FILE_NAME
      return /\.mp3$/i.test(base) ? base : `${base.replace(/\.[^.]*$/, '')}.mp3`
    }),
})
export type TranscriptionFile = z.input<typeof transcriptionFile>

/**
 * A transcription's answer. The audio arrives as a multipart upload (field `file`), so this one runs
 * as a plain HTTP route, `POST /api/v2/response/transcription`, used by the web app and by scripts
 * alike; its envelope's `data` is this object.
 */
export const transcriptionOutput = textGenerationOutput
export type TranscriptionOutput = z.infer<typeof transcriptionOutput>
