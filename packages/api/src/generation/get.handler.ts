import { notFound } from '@promptly/core/errors/app-error'
import { generationValues } from '@promptly/core/generation/form-values'
import { imageRequest, paraphraseRequest, speechRequest } from '@promptly/core/generation/media'

import type { AuthedContext } from '../context.ts'
import { storedMediaItems } from '../media/media-items.ts'
import { generationSummarySelect, toGenerationSummary } from './generation-summary.ts'
import type { DedicatedRequest, GetGenerationInput, GetGenerationOutput } from './get.schema.ts'

/** Said for an unknown id and for someone else's alike, so ids cannot be probed. */
export const GENERATION_NOT_FOUND = 'Generation not found'

/** One of the caller's generations with the values sent and the stored (sanitised) output. */
export async function getGeneration({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: GetGenerationInput
}): Promise<GetGenerationOutput> {
  const row = await ctx.db.generation.findFirst({
    where: { id: input.id, userId: ctx.user.id },
    select: {
      ...generationSummarySelect,
      input: true,
      output: true,
      error: true,
      // The owner is checked again on the media rows themselves, not only through the generation.
      media: {
        where: { userId: ctx.user.id },
        select: { id: true, contentType: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      },
    },
  })
  if (!row) throw notFound(GENERATION_NOT_FOUND)
  return {
    ...toGenerationSummary(row),
    values: storedValues(row.input),
    request: storedRequest(row.kind, row.input),
    output: row.output,
    error: row.error,
    media: storedMediaItems(row.media),
  }
}

/** A dedicated tool's request as kept at reservation, read with the schemas that let it in. */
function storedRequest(kind: GetGenerationOutput['kind'], input: unknown): DedicatedRequest | null {
  if (kind === 'paraphrase') {
    const parsed = paraphraseRequest.safeParse(input)
    return parsed.success ? { prompt: parsed.data.prompt } : null
  }
  if (kind === 'image') {
    const parsed = imageRequest.safeParse(input)
    return parsed.success ? parsed.data : null
  }
  if (kind === 'text_to_audio') {
    const parsed = speechRequest.safeParse(input)
    return parsed.success ? { prompt: parsed.data.input, voice: parsed.data.voice } : null
  }
  return null
}

/** The `groups` kept at reservation ({ groups }); anything else (older rows) reads as no values. */
function storedValues(input: unknown): GetGenerationOutput['values'] {
  const groups = typeof input === 'object' && input !== null && 'groups' in input ? input.groups : undefined
  const parsed = generationValues.safeParse(groups)
  return parsed.success ? parsed.data : []
}
