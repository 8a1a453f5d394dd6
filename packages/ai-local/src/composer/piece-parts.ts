import { EXPLANATIONS } from './longform-phrases.ts'
import { usable, type RenderContext } from './render-context.ts'
import { canFill, fillSlots, startOfSentence, type Slots } from './role-slots.ts'

/** What long pieces (articles, pages, scripts, releases) share: their sentence supply and their title. */

/**
 * The sentences long pieces are built from, shuffled: the voice's points, then general ones. Taking
 * them in turn means no two sections or items say the same sentence.
 */
export function sentenceQueue(ctx: RenderContext): { take(slots: Slots): string | null } {
  const pool = [
    ...ctx.random.sample(usable(ctx, ctx.bank.points), ctx.bank.points.length),
    ...usable(ctx, EXPLANATIONS),
  ]
  let next = 0
  return {
    take(slots) {
      for (let tried = 0; tried < pool.length; tried += 1) {
        const template = pool[next % pool.length] ?? ''
        next += 1
        if (canFill(template, slots)) return fillSlots(template, slots)
      }
      return null
    },
  }
}

/** The piece's title: the main value as the user wrote it. */
export function mainTitle(ctx: RenderContext): string {
  const main = ctx.values.topic[0] ?? ctx.values.product[0] ?? ctx.values.who[0]
  return main ? startOfSentence(main) : 'Your guide'
}
