import { z } from 'zod'

/**
 * A transcription's answer. The audio arrives as a multipart upload (field `file`), so this one runs
 * as a plain HTTP route, `POST /api/v2/response/transcription`, used by the web app and by scripts
 * alike; its envelope's `data` is this object.
 */
export const transcriptionOutput = z.object({
  generationId: z.uuid(),
  text: z.string(),
  creditsLeft: z.number().int(),
})
export type TranscriptionOutput = z.infer<typeof transcriptionOutput>
