import { randomUUID } from 'node:crypto'

import { AiProviderError } from '@promptly/ai/errors'
import type { AiModels } from '@promptly/ai/provider'
import { AppError } from '@promptly/core/errors/app-error'
import type { Prisma } from '@promptly/db/client'
import type { ToolKind } from '@promptly/db/generated/prisma/enums'

import { catalogueKeys } from '../caching/catalogue-cache.ts'
import type { AuthedContext } from '../context.ts'
import { commitReservation } from '../credits/reservation/commit-reservation.ts'
import { refundQuietly } from '../credits/reservation/refund-reservation.ts'
import type { SharedMediaItem } from '../media/media-item.schema.ts'
import { mediaUrl } from '../media/media-url.ts'
import { newMediaKey, type MediaContentType } from '../storage/media-storage.ts'
import { generationErrorClass } from '../telemetry/generation-error-class.ts'
import { PUBLISHED_TOOLS } from '../tools/tool-visibility.ts'
import { reportCommitted, reportFailed } from './generation-reports.ts'
import { reserveForCaller } from './reserve-for-caller.ts'
import { CANCELLED_GENERATION_ERROR, FAILED_GENERATION_ERROR } from './stream-generation.ts'

/** Who asks for a one-shot, and whether they are still there. */
export interface OneShotCaller {
  ctx: AuthedContext
  /** Aborted when the caller goes away: the provider call stops and the credits are refunded. */
  signal?: AbortSignal | undefined
}

/** What a dedicated tool's procedure (and its REST route) is called with. */
export interface OneShotCall<Input> extends OneShotCaller {
  input: Input
}

type OneShotKind = Exclude<ToolKind, 'generic'>

export interface OneShotRequest {
  kind: OneShotKind
  /** Credits to hold, from creditCost. */
  cost: number
  /** What the user asked for, kept with the generation for history. */
  input: Prisma.InputJsonValue
  /** The brand voice applied, kept with the generation (history shows it); absent: none. */
  voice?: Prisma.InputJsonValue | null
}

/** The model expected to answer each kind (the provider may report another on success). */
export const MODEL_OF_KIND: Record<OneShotKind, keyof AiModels> = {
  paraphrase: 'chat',
  image: 'image',
  text_to_audio: 'speech',
  transcription: 'transcription',
}

/** What a one-shot's work hands back: the history text (HTML) and the fields of the caller's answer. */
export interface OneShotResult<T extends object> {
  /** Stored as the generation's output: HTML, as for generic tools (history previews and searches it). */
  output: string
  model?: string
  value: T
}

/** Stores media for the running generation; everything it stored is removed again if the generation fails. */
export interface MediaSink {
  store(bytes: Uint8Array, contentType: MediaContentType): Promise<SharedMediaItem>
}

/** The answer: the generation's id, the work's fields, and the balance right after this generation's charge. */
export type OneShotOutcome<T extends object> = { generationId: string } & T & { creditsLeft: number }

/**
 * One non-streamed generation (paraphrase, image, speech, transcription): reserve the cost
 * (PAYMENT_REQUIRED when short; nothing charged), do the work (call the provider, store media
 * through the sink), then commit. Any other way out (a provider error or timeout, an empty answer,
 * a storage failure, the caller going away) refunds the reservation and deletes whatever media the
 * work had stored, before the caller hears of it. A crash in between is the reservation sweeper's.
 *
 * The tool recorded is the catalogue's tool of this kind (its `kind` column), when there is one.
 */
export async function runOneShot<T extends object>(
  { ctx, signal }: OneShotCaller,
  request: OneShotRequest,
  work: (sink: MediaSink) => Promise<OneShotResult<T>>,
): Promise<OneShotOutcome<T>> {
  const { db } = ctx
  const generationId = randomUUID()
  // Read through the catalogue cache, as the text generator reads its tool: no query per generation.
  const tool = await ctx.caches.catalogue.getOrLoad(catalogueKeys.toolOfKind(request.kind), () =>
    db.tool.findFirst({
      where: { kind: request.kind, ...PUBLISHED_TOOLS },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
    }),
  )
  const { balance } = await reserveForCaller(ctx, generationId, request.cost, {
    kind: request.kind,
    toolId: tool?.id ?? null,
    input: request.input,
    model: ctx.ai.models[MODEL_OF_KIND[request.kind]],
    voice: request.voice ?? null,
  })
  const startedAt = performance.now()
  const media = openMediaSink(ctx, generationId, signal)
  try {
    const result = await work(media.sink)
    if (signal?.aborted) throw new AiProviderError('cancelled')
    const committed = await commitReservation(db, generationId, {
      output: result.output,
      latencyMs: performance.now() - startedAt,
      ...(result.model ? { model: result.model } : {}),
    })
    // Only the sweeper settles a reservation behind our back, and only a very old one: it was
    // refunded, so this must not be reported (or kept) as a success.
    if (!committed) throw new AiProviderError('timeout')
    reportCommitted(ctx, request.kind, request.cost)
    return { generationId, ...result.value, creditsLeft: balance }
  } catch (error) {
    // Both error types carry user-safe messages; anything else is ours and only logged upstream.
    const reason =
      error instanceof AiProviderError || error instanceof AppError
        ? error.message
        : signal?.aborted
          ? CANCELLED_GENERATION_ERROR
          : FAILED_GENERATION_ERROR
    await media.discard()
    const refund = { error: reason, latencyMs: performance.now() - startedAt }
    await refundQuietly(ctx.db, generationId, refund, ctx.telemetry)
    reportFailed(ctx, request.kind, generationErrorClass(error, signal?.aborted))
    throw error
  }
}

/** A generation's media sink, and the undoing of everything it stored. */
export interface OpenedMediaSink {
  sink: MediaSink
  /**
   * Deletes every object and StoredMedia row the sink stored, best effort: an object left behind by a
   * failed delete is unreachable (no row names it) and harmless.
   */
  discard(): Promise<void>
}

/**
 * Stores media for the generation `generationId`, reserved by the caller: each file goes to the
 * media storage and gets a StoredMedia row owned by the caller and naming the generation. Callers
 * that settle the generation themselves (a bulk row delivers and commits in one transaction) use it
 * as runOneShot does: discard on any way out other than the commit.
 */
export function openMediaSink(ctx: AuthedContext, generationId: string, signal?: AbortSignal): OpenedMediaSink {
  const stored: Array<{ id: string; key: string }> = []
  const sink: MediaSink = {
    async store(bytes, contentType) {
      const key = newMediaKey(contentType)
      // Noted before the upload: a put that fails halfway may still have left an object behind.
      const entry = { id: randomUUID(), key }
      stored.push(entry)
      await ctx.media.put(key, bytes, contentType, signal)
      await ctx.db.storedMedia.create({
        data: {
          id: entry.id,
          userId: ctx.user.id,
          generationId,
          storageKey: key,
          contentType,
          bytes: bytes.byteLength,
          // One row after another in the order stored, so history lists images in that order.
          createdAt: new Date(Date.now() + stored.length),
        },
      })
      const shareUrl = await ctx.mediaLinks.shareUrl({ id: entry.id, storageKey: key, contentType })
      return { id: entry.id, url: mediaUrl(entry.id), contentType, shareUrl }
    },
  }
  return { sink, discard: () => removeStored(ctx, stored) }
}

async function removeStored(ctx: AuthedContext, stored: ReadonlyArray<{ id: string; key: string }>): Promise<void> {
  if (stored.length === 0) return
  await ctx.db.storedMedia.deleteMany({ where: { id: { in: stored.map((entry) => entry.id) } } }).catch(() => undefined)
  await Promise.all(stored.map((entry) => ctx.media.delete(entry.key).catch(() => undefined)))
}
