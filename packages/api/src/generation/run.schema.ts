import { z } from 'zod'

import { generationValues } from '@promptly/core/generation/form-values'

import { toolId } from '../tools/tool.schema.ts'

/** A generation id as the database stores it. Anything else is a 400, never a database cast error. */
export const generationId = z.uuid()

/**
 * `generation.run`: the client sends only the tool and the values of its form (`groups`: one row of
 * values per group of the tool's form, spec section 7). The server owns the prompt.
 */
export const runGenerationInput = z.object({
  toolId,
  groups: generationValues,
})
export type RunGenerationInput = z.infer<typeof runGenerationInput>

/**
 * What the stream yields, in order: one `started` (the credits are held), any number of `chunk`s
 * (raw model text as it arrives, for a live preview; sanitise before rendering), then one `done`
 * carrying the sanitised HTML that was stored. A failure ends the stream with an error instead of
 * `done`, and the held credits are refunded before that error is sent.
 */
export const generationStarted = z.object({
  type: z.literal('started'),
  generationId: z.string(),
  /** Credits held for this generation (the tool's cost). */
  cost: z.number().int(),
  /** True when the built-in local model answers (the UI's 'Local model' badge). */
  localModel: z.boolean(),
})

export const generationChunk = z.object({
  type: z.literal('chunk'),
  text: z.string(),
})

export const generationDone = z.object({
  type: z.literal('done'),
  generationId: z.string(),
  /** The sanitised HTML, exactly as stored in history. */
  output: z.string(),
  /** The caller's balance after this generation. */
  creditsLeft: z.number().int(),
})

export const generationEvent = z.discriminatedUnion('type', [generationStarted, generationChunk, generationDone])
export type GenerationEvent = z.infer<typeof generationEvent>
export type GenerationStarted = z.infer<typeof generationStarted>
export type GenerationDone = z.infer<typeof generationDone>
