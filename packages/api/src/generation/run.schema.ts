import { z } from 'zod'

import { generationValues } from '@promptly/core/generation/form-values'
import { MAX_VARIANTS } from '@promptly/core/generation/variant-limits'

import { toolId } from '../tools/tool.schema.ts'
import { voiceId } from '../voices/voice.schema.ts'

/** A generation id as the database stores it. Anything else is a 400, never a database cast error. */
export const generationId = z.uuid()

/** How many variants a run writes: 1 (the default) to MAX_VARIANTS, each charged the tool's cost. */
export const variantCount = z
  .number()
  .int('Variants must be a whole number')
  .min(1, 'Ask for at least 1 variant')
  .max(MAX_VARIANTS, `Ask for at most ${MAX_VARIANTS} variants`)

/**
 * `generation.run`: the client sends only the tool and the values of its form (`groups`: one row of
 * values per group of the tool's form, spec section 7). The server owns the prompt. `n` variants are
 * written in parallel, each its own generation; `voiceId` applies one of the caller's brand voices.
 */
export const runGenerationInput = z.object({
  toolId,
  groups: generationValues,
  n: variantCount.default(1),
  voiceId: voiceId.nullish(),
})
export type RunGenerationInput = z.infer<typeof runGenerationInput>

/**
 * What the stream yields, per variant (`variant`, 0 to n - 1), in order: one `started` (the credits
 * are held), any number of `chunk`s (raw model text as it arrives, for a live preview; sanitise
 * before rendering), then one `done` carrying the sanitised HTML that was stored. The variants'
 * events interleave. With one variant, a failure ends the stream with an error instead of `done`;
 * with several, a variant that fails ends with `failed` and the others go on. Either way its held
 * credits are refunded before the failure is sent.
 */
const variantIndex = z.number().int().min(0)

export const generationStarted = z.object({
  type: z.literal('started'),
  variant: variantIndex,
  generationId: z.string(),
  /** Credits held for this generation (the tool's cost). */
  cost: z.number().int(),
  /** True when the built-in local model answers (the UI's 'Local model' badge). */
  localModel: z.boolean(),
})

export const generationChunk = z.object({
  type: z.literal('chunk'),
  variant: variantIndex,
  text: z.string(),
})

export const generationDone = z.object({
  type: z.literal('done'),
  variant: variantIndex,
  generationId: z.string(),
  /** The sanitised HTML, exactly as stored in history. */
  output: z.string(),
  /** The caller's balance after this generation. */
  creditsLeft: z.number().int(),
})

/** One variant of several failed (its credits refunded); the others go on. */
export const generationFailed = z.object({
  type: z.literal('failed'),
  variant: variantIndex,
  generationId: z.string(),
  /** User-safe, as the error a single run would have ended with. */
  message: z.string(),
})

export const generationEvent = z.discriminatedUnion('type', [
  generationStarted,
  generationChunk,
  generationDone,
  generationFailed,
])
export type GenerationEvent = z.infer<typeof generationEvent>
export type GenerationFailed = z.infer<typeof generationFailed>
export type GenerationStarted = z.infer<typeof generationStarted>
export type GenerationDone = z.infer<typeof generationDone>
