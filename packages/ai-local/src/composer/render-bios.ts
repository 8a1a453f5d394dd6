import {
  callToAction,
  closingLine,
  list,
  paragraph,
  points,
  sentence,
  slotsFor,
  usable,
  type RenderContext,
} from './render-context.ts'
import { canFill, fillSlots, type Slots } from './role-slots.ts'
import { capitalize, fitWhole, numberWord } from './text-tools.ts'
import { TONE_FAMILIES, TONES } from './tones.ts'

/** Last resorts, for values too long to share a bio with anything else, then bios of the writer's own. */
const BARE_BIOS = ['{Who}.', '{Topic}.']
const PLAIN_BIOS = [
  'New posts every week.',
  'Follow along; it gets better from here.',
  'Small account, big plans.',
  'Say hi, I reply to everyone.',
  'Sharing what works, skipping what does not.',
  'Here for the long run.',
  'Real stories, useful tips.',
  'Making things, sharing the process.',
]

/**
 * One option of a short, limited text (a bio, an intro): the template that says the most values no
 * earlier option said, then the most values, within the limit, with the call to action and an
 * emoji when they fit. Templates already used come last, so options differ.
 */
export function limitedOption(
  ctx: RenderContext,
  index: number,
  templates: readonly string[],
  taken: { templates: Set<string>; values: Set<string> },
): string {
  const { brief, random } = ctx
  let best: { text: string; template: string; score: number; said: Set<string> } | null = null
  for (const [order, template] of templates.entries()) {
    const slots = slotsFor(ctx, index)
    if (!canFill(template, slots)) continue
    const main = fillSlots(template, slots)
    const cta = callToAction(slots) ?? ''
    // A template without a full stop ("{Who} | {Topic}") ends before the call to action starts.
    const lead = cta !== '' && !/[.!?…]$/u.test(main) ? `${main}.` : main
    const emoji = brief.emojis ? random.pick(ctx.bank.emojis) : ''
    // Room is left for the brand voice's word, added to an option that lacks one (voice-pass.ts).
    const max = brief.maxChars === null ? null : brief.maxChars - ctx.voice.room
    const text = fitWhole([lead, cta, emoji], max) || fitWhole([main, emoji], max)
    if (text === '') continue
    const fresh = [...slots.said].filter((value) => !taken.values.has(value)).length
    const score = (taken.templates.has(template) ? 0 : 1000) + fresh * 100 + slots.said.size * 10 - order / 1000
    if (best === null || score > best.score) best = { text, template, score, said: slots.said }
  }
  if (best === null) return fitWhole(['More soon.'], brief.maxChars)
  taken.templates.add(best.template)
  for (const value of best.said) taken.values.add(value)
  return best.text
}

/** The voice's own bio templates first, then every other voice's, each group shuffled. */
function bioTemplates(ctx: RenderContext): string[] {
  const own = ctx.bank.bios
  const others = TONE_FAMILIES.filter((family) => TONES[family].bios !== own).flatMap((family) => TONES[family].bios)
  return usable(ctx, [
    ...ctx.random.sample(own, own.length),
    ...ctx.random.sample(others, others.length),
    ...BARE_BIOS,
    ...ctx.random.sample(PLAIN_BIOS, PLAIN_BIOS.length),
  ])
}

/** Profile bios: several one-liners, each within the platform's limit. */
export function renderBios(ctx: RenderContext): string {
  const { brief } = ctx
  if (/about description/i.test(ctx.instructions)) return renderPageIntro(ctx)
  const templates = bioTemplates(ctx)
  const taken = { templates: new Set<string>(), values: new Set<string>() }
  const bios = Array.from({ length: brief.count }, (_, i) => limitedOption(ctx, i, templates, taken))
  const limit = brief.maxChars ? `, each within ${brief.maxChars} characters` : ''
  return (
    paragraph(
      `${capitalize(numberWord(brief.count))} ${brief.count === 1 ? 'option' : 'options'} to choose from${limit}:`,
    ) + list(bios, true)
  )
}

const PAGE_INTROS = [
  '{Who}: {product}.',
  '{Who}. {Product}, done well.',
  '{Product} from {who}.',
  '{Who}. Here to help with {product}.',
  '{Who}. Local, friendly and ready to help.',
  '{Who}.',
  '{Product}.',
]
const ABOUT_OPENINGS = [
  '{Who} offers {product}.',
  '{Who}: {product}.',
  'At {who}, we offer {product}.',
  'Welcome to {who}.',
  '{Product}, from people who care about doing it well.',
]
const SERVING = ['Serving {topic}.', 'Find us in {topic}.', 'Proudly local to {topic}.']

/** A page's short intro plus a longer About description (Facebook Pages and the like). */
function renderPageIntro(ctx: RenderContext): string {
  const intro = limitedOption(ctx, 0, usable(ctx, ctx.random.sample(PAGE_INTROS, PAGE_INTROS.length)), {
    templates: new Set(),
    values: new Set(),
  })
  const slots: Slots = slotsFor(ctx)
  const about = [
    sentence(ctx, ABOUT_OPENINGS, slots),
    sentence(ctx, ABOUT_OPENINGS, slots),
    sentence(ctx, SERVING, slots),
    ...points(ctx, 3, slots, ctx.random.int(0, 8)),
    closingLine(ctx, slots),
  ].filter((part): part is string => part !== null)
  return `<h3>Short intro</h3>${paragraph(intro)}<h3>About</h3>${paragraph(about.join(' '))}`
}
