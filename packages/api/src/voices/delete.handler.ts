import { notFound } from '@promptly/core/errors/app-error'

import type { AuthedContext } from '../context.ts'
import { VOICE_NOT_FOUND, type VoiceIdInput } from './voice.schema.ts'

/**
 * Deletes one of the caller's voices; a pick of it is forgotten (the foreign key sets it null), and
 * history keeps its copy. NOT_FOUND for anyone else's voice.
 */
export async function deleteVoice({ ctx, input }: { ctx: AuthedContext; input: VoiceIdInput }) {
  const { count } = await ctx.db.brandVoice.deleteMany({ where: { id: input.id, userId: ctx.user.id } })
  if (count === 0) throw notFound(VOICE_NOT_FOUND)
  return { id: input.id, deleted: true as const }
}
