import type { AuthedContext } from '../context.ts'
import type { ListVoicesOutput } from './list.schema.ts'
import { BRAND_VOICE_SELECT } from './voice.schema.ts'

/** The caller's brand voices in name order, with their last pick (null when none, or deleted since). */
export async function listVoices({ ctx }: { ctx: AuthedContext }): Promise<ListVoicesOutput> {
  const [voices, user] = await Promise.all([
    ctx.db.brandVoice.findMany({
      where: { userId: ctx.user.id },
      select: BRAND_VOICE_SELECT,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { lastBrandVoiceId: true } }),
  ])
  return { voices, pickedId: user.lastBrandVoiceId, limit: ctx.brandVoiceLimit }
}
