import { z } from 'zod'

/**
 * A dedicated tool's text answer (paraphrase, transcription): plain text, one line per line of the
 * answer, and the balance left after its credit.
 */
export const textGenerationOutput = z.object({
  generationId: z.uuid(),
  text: z.string(),
  creditsLeft: z.number().int(),
})
