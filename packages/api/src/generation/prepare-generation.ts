import { creditCost } from '@promptly/core/credits/costs'
import { badRequest } from '@promptly/core/errors/app-error'
import { composePrompt, type ComposedPrompt } from '@promptly/core/generation/compose-prompt'
import type { GenerationValues } from '@promptly/core/generation/form-values'

import type { Context } from '../context.ts'
import { readVisibleTool } from '../tools/get.handler.ts'
import type { VoiceUsed } from '../voices/voice-for-run.ts'

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
  /** The brand voice applied (in the prompt's voice section), kept with the generation; null: none. */
  voice: VoiceUsed | null
}

/** What one run asks for: the tool, its form's values, and a voice already read as the caller's. */
export interface GenerationRequest {
  toolId: string
  groups: GenerationValues
  voice?: VoiceUsed | null
}

/**
 * Checks the request against the tool, read as tools.get reads it, without the bookmark: a catalogue
 * tool's cached copy (catalogue-cache.ts: cleared on every tool write) spares the hot path a query,
 * and is the same form the generator page was built from; a personal tool runs for its owner only.
 * Throws AppError: NOT_FOUND for an unknown tool or another user's personal tool, BAD_REQUEST for an upcoming
 * or dedicated tool and for values that do not fit the form ('{placeholder} is required', ...).
 * Nothing is charged by then.
 */
export async function prepareGeneration(ctx: Context, input: GenerationRequest): Promise<PreparedGeneration> {
  const { tool } = await readVisibleTool(ctx, input.toolId)
  if (tool.upcoming) throw badRequest(UPCOMING_TOOL_MESSAGE)
  if (tool.kind !== 'generic') throw badRequest(DEDICATED_TOOL_MESSAGE)
  const voice = input.voice ?? null
  const prompt = composePrompt(tool.groups, input.groups, { voice })
  return {
    tool: { id: tool.id, name: tool.name },
    prompt,
    cost: creditCost({ kind: 'text' }),
    values: input.groups,
    voice,
  }
}
