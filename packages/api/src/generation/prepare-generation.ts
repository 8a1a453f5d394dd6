import { creditCost } from '@promptly/core/credits/costs'
import { badRequest } from '@promptly/core/errors/app-error'
import { composePrompt, type ComposedPrompt } from '@promptly/core/generation/compose-prompt'
import type { GenerationValues } from '@promptly/core/generation/form-values'

import type { Context } from '../context.ts'
import { readVisibleTool } from '../tools/get.handler.ts'
import type { RunGenerationInput } from './run.schema.ts'

/** Shown instead of generating for a tool labelled 'Upcoming Tools' (spec: the card's text). */
export const UPCOMING_TOOL_MESSAGE = 'Coming Soon...'
/** Image, speech, transcription and paraphrase tools run on their own pages with their own costs. */
export const DEDICATED_TOOL_MESSAGE = 'This tool has its own page and cannot run in the text generator.'

/** Everything checked and worked out before any credit is touched. */
export interface PreparedGeneration {
  tool: { id: string; name: string }
  prompt: ComposedPrompt
  /** Credits this generation holds, from the cost table. */
  cost: number
  /** What the client sent, kept with the generation (history shows and re-runs it). */
  values: GenerationValues
}

/**
 * Checks the request against the tool, read as tools.get reads it, without the bookmark: a catalogue
 * tool's cached copy (catalogue-cache.ts: cleared on every tool write) spares the hot path a query,
 * and is the same form the generator page was built from; a personal tool runs for its owner only.
 * Throws AppError: NOT_FOUND for an unknown tool or another user's personal tool, BAD_REQUEST for an upcoming
 * or dedicated tool and for values that do not fit the form ('{placeholder} is required', ...).
 * Nothing is charged by then.
 */
export async function prepareGeneration(ctx: Context, input: RunGenerationInput): Promise<PreparedGeneration> {
  const { tool } = await readVisibleTool(ctx, input.toolId)
  if (tool.upcoming) throw badRequest(UPCOMING_TOOL_MESSAGE)
  if (tool.kind !== 'generic') throw badRequest(DEDICATED_TOOL_MESSAGE)
  const prompt = composePrompt(tool.groups, input.groups)
  return { tool: { id: tool.id, name: tool.name }, prompt, cost: creditCost({ kind: 'text' }), values: input.groups }
}
