import type { AuthedContext } from '../context.ts'
import { voiceForRun } from '../voices/voice-for-run.ts'
import { prepareGeneration } from './prepare-generation.ts'
import type { GenerationEvent, RunGenerationInput } from './run.schema.ts'
import { withStreamErrors } from './stream-errors.ts'
import { streamGeneration, streamVariants } from './stream-generation.ts'

export interface RunGenerationOptions {
  ctx: AuthedContext
  input: RunGenerationInput
  /** Aborted when the client goes away (tRPC passes the request's signal). */
  signal?: AbortSignal | undefined
}

export type GenerationEvents = AsyncGenerator<GenerationEvent, void, undefined>

/**
 * One generation, whoever asks (tRPC here, the REST adapter's getResponseOfObject): the tool, the
 * form, the values and the voice are checked first, so those are ordinary errors thrown before any
 * event (NOT_FOUND for a tool or voice the caller cannot use, BAD_REQUEST with '{placeholder} is
 * required'); the returned generator then reserves, streams, stores and commits (stream-generation.ts),
 * `n` variants side by side when asked. Errors are the domain's: AppError and AiProviderError.
 */
export async function startGeneration({ ctx, input, signal }: RunGenerationOptions): Promise<GenerationEvents> {
  const voice = await voiceForRun(ctx, input.voiceId)
  const prepared = await prepareGeneration(ctx, { toolId: input.toolId, groups: input.groups, voice })
  return input.n === 1 ? streamGeneration(ctx, prepared, signal) : streamVariants(ctx, prepared, input.n, signal)
}

/** `generation.run`: the same stream, with errors raised mid-stream given their tRPC codes. */
export async function runGeneration(options: RunGenerationOptions): Promise<GenerationEvents> {
  return withStreamErrors(await startGeneration(options))
}
