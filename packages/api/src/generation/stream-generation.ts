import { randomUUID } from 'node:crypto'

import { AiProviderError } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'
import { extractOutputHtml, sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import type { AuthedContext } from '../context.ts'
import { commitReservation } from '../credits/reservation/commit-reservation.ts'
import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import { generationErrorClass } from '../telemetry/generation-error-class.ts'
import type { GenerationErrorClass } from '../telemetry/telemetry.ts'
import { coalesceChunks } from './coalesce-chunks.ts'
import { reportCommitted, reportFailed } from './generation-reports.ts'
import { mergeStreams } from './merge-streams.ts'
import type { PreparedGeneration } from './prepare-generation.ts'
import { reserveForCaller } from './reserve-for-caller.ts'
import type { GenerationEvent } from './run.schema.ts'

/** Kept on a generation whose caller went away (stop button, closed tab, lost connection). */
export const CANCELLED_GENERATION_ERROR = new AiProviderError('cancelled').message
/** Kept on a generation that failed for a reason of ours (storage, database, bug); the details are logged. */
export const FAILED_GENERATION_ERROR = 'The generation failed; its credits were refunded.'

/**
 * One text generation as a stream of events: reserve the cost (PAYMENT_REQUIRED when short; nothing
 * charged), stream the provider's text out as it comes, then sanitise, store and commit. Every way
 * out that is not a commit refunds the reservation before the caller hears of it: a provider error
 * or timeout (thrown as the AiProviderError, whose message is user-safe), an answer that sanitises
 * to nothing, an abort of `signal`, or the consumer simply stopping (the generator's `return()`,
 * which tRPC calls when the client disconnects). A reservation orphaned by a crash is the sweeper's.
 *
 * The reservation is made inside the generator, on the first `next()`, never before: a stream that
 * is abandoned before it starts then holds nothing.
 *
 * Each step between two waits (reserve, call the provider, pass a chunk on, store and commit, answer)
 * first takes its share of the event loop (ctx.turns), so a burst of generations ready together
 * spreads over several turns instead of holding the loop from every other request.
 */
export async function* streamGeneration(
  ctx: AuthedContext,
  prepared: PreparedGeneration,
  signal?: AbortSignal,
): AsyncGenerator<GenerationEvent, void, undefined> {
  const generationId = randomUUID()
  const { balance } = await reserveRun(ctx, prepared, [generationId])
  yield* streamReserved(ctx, prepared, { generationId, variant: 0, balance }, signal)
}

/**
 * `n` variants of one generation, written in parallel, their events interleaved: all n reserved
 * together (PAYMENT_REQUIRED when the balance does not cover n x cost; nothing charged), then each
 * streamed, stored and committed on its own. A variant that fails is refunded and ends with a
 * `failed` event; the others go on. Each variant is its own attempt, with its own seed.
 */
export async function* streamVariants(
  ctx: AuthedContext,
  prepared: PreparedGeneration,
  n: number,
  signal?: AbortSignal,
): AsyncGenerator<GenerationEvent, void, undefined> {
  const ids = Array.from({ length: n }, () => randomUUID())
  const { balance } = await reserveRun(ctx, prepared, ids)
  yield* mergeStreams(
    ids.map((generationId, variant) =>
      failureAsEvent(streamReserved(ctx, prepared, { generationId, variant, balance }, signal), variant, generationId),
    ),
  )
}

async function reserveRun(ctx: AuthedContext, prepared: PreparedGeneration, ids: readonly string[]) {
  const [first, ...rest] = ids
  await ctx.turns.pace()
  return reserveForCaller(
    ctx,
    first!,
    prepared.cost,
    {
      kind: 'generic',
      toolId: prepared.tool.id,
      input: { groups: prepared.values },
      model: ctx.ai.models.chat,
      voice: prepared.voice,
    },
    rest,
  )
}

/** A variant's stream whose failure (already refunded by then) becomes its `failed` event. */
async function* failureAsEvent(
  events: AsyncGenerator<GenerationEvent, void, undefined>,
  variant: number,
  generationId: string,
): AsyncGenerator<GenerationEvent, void, undefined> {
  try {
    yield* events
  } catch (error) {
    const message =
      error instanceof AiProviderError || error instanceof AppError ? error.message : FAILED_GENERATION_ERROR
    yield { type: 'failed', variant, generationId, message }
  }
}

interface ReservedVariant {
  generationId: string
  variant: number
  /** The caller's balance right after the reservation. */
  balance: number
}

/** Streams, stores and commits one reserved generation; refunds it on every other way out. */
async function* streamReserved(
  ctx: AuthedContext,
  prepared: PreparedGeneration,
  { generationId, variant, balance }: ReservedVariant,
  signal?: AbortSignal,
): AsyncGenerator<GenerationEvent, void, undefined> {
  const { ai, db } = ctx
  const startedAt = performance.now()
  let settled = false
  let succeeded = false
  let failure: string = CANCELLED_GENERATION_ERROR
  // A consumer that stops (tRPC's return() on a disconnect) throws nothing here: a cancellation.
  let errorClass: GenerationErrorClass = 'cancelled'
  try {
    await ctx.turns.pace()
    yield { type: 'started', variant, generationId, cost: prepared.cost, localModel: ai.isLocal }
    let text = ''
    // Each run is a new attempt with its own seed (from its id), so Regenerate gets a new text even
    // from a provider that answers the same prompt the same way (the local model), and so do variants.
    const seed = Number.parseInt(generationId.slice(0, 8), 16)
    const { system, prompt } = prepared.prompt
    const provided = ai.streamText({ system, prompt, seed, ...(signal ? { signal } : {}) })
    for await (const piece of coalesceChunks(provided)) {
      text += piece
      // Pieces that come in while this waits pile up and leave together next (coalesceChunks).
      await ctx.turns.pace()
      yield { type: 'chunk', variant, text: piece }
    }
    await ctx.turns.pace()
    const output = sanitizeHtml(extractOutputHtml(text))
    // Nothing left to show (an empty answer, or only what the sanitiser removes): not worth a credit.
    if (output.trim() === '') throw new AiProviderError('unavailable', { details: { providerCode: 'empty_answer' } })
    const committed = await commitReservation(db, generationId, { output, latencyMs: performance.now() - startedAt })
    if (!committed) {
      // Only the sweeper settles a reservation behind our back, and only one older than any
      // generation can run: it was refunded, so this one must not be reported as a success.
      settled = true
      throw new AiProviderError('timeout')
    }
    settled = true
    succeeded = true
    reportCommitted(ctx, 'generic', prepared.cost)
    await ctx.turns.pace()
    // The balance right after this run's charge (committing does not move it); saves a read.
    yield { type: 'done', variant, generationId, output, creditsLeft: balance }
  } catch (error) {
    failure = error instanceof AiProviderError ? error.message : FAILED_GENERATION_ERROR
    errorClass = generationErrorClass(error, signal?.aborted)
    throw error
  } finally {
    if (!settled) {
      const refund = { error: failure, latencyMs: performance.now() - startedAt }
      await refundQuietly(ctx.db, generationId, refund, ctx.telemetry)
    }
    if (!succeeded) reportFailed(ctx, 'generic', errorClass)
  }
}
