import { z } from 'zod'

import { generationId } from './run.schema.ts'

/** Marks one of the caller's generations as the variant they keep (true), or unmarks it. */
export const keepGenerationInput = z.object({ id: generationId, kept: z.boolean() })
export type KeepGenerationInput = z.infer<typeof keepGenerationInput>
export const keepGenerationOutput = z.object({ id: z.string(), kept: z.boolean() })
