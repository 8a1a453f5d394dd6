import type { AuthedContext } from '../context.ts'
import { prepareGeneration } from './prepare-generation.ts'
import type { GenerationEvent, RunGenerationInput } from './run.schema.ts'
import { withStreamErrors } from './stream-errors.ts'
import { streamGeneration } from './stream-generation.ts'

export interface RunGenerationOptions {
  ctx: AuthedContext
  input: RunGenerationInput
  /** Aborted when the client goes away (tRPC passes the request's signal). */
  signal?: AbortSignal | undefined
}

export type GenerationEvents = AsyncGenerator<GenerationEvent, void, undefined>

/**
 * One generation, whoever asks (tRPC here, the REST adapter's getResponseOfObject): the tool, the
 * form and the values are checked first, so those are ordinary errors thrown before any event
 * (NOT_FOUND, BAD_REQUEST with '{placeholder} is required'); the returned generator then reserves,
 * streams, stores and commits (stream-generation.ts). Errors are the domain's: AppError and
 * AiProviderError.
 */
export async function startGeneration({ ctx, input, signal }: RunGenerationOptions): Promise<GenerationEvents> {
  const prepared = await prepareGeneration(ctx, input)
  return streamGeneration(ctx, prepared, signal)
}

/** `generation.run`: the same stream, with errors raised mid-stream given their tRPC codes. */
export async function runGeneration(options: RunGenerationOptions): Promise<GenerationEvents> {
  return withStreamErrors(await startGeneration(options))
}
