import { z } from 'zod'

import { generationId } from './run.schema.ts'

export const deleteGenerationInput = z.object({ id: generationId })
export type DeleteGenerationInput = z.infer<typeof deleteGenerationInput>

export const deleteGenerationOutput = z.object({ id: z.string() })
export type DeleteGenerationOutput = z.infer<typeof deleteGenerationOutput>
