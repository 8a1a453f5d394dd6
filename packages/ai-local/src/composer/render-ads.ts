import { AD_HEADLINES } from './marketing-templates.ts'
import {
  callToAction,
  closingLine,
  eachUsable,
  list,
  points,
  richest,
  slotsFor,
  usable,
  type RenderContext,
} from './render-context.ts'
import { canFill, fillSlots, startOfSentence, type Slots } from './role-slots.ts'
import { capitalize, escapeHtml, fitWhole } from './text-tools.ts'

/** Search ad headlines built on one value each; those longer than 30 characters are left out. */
const SEARCH_HEADLINES = [
  '{Keyword} Made Simple',
  'Try {product}',
  '{Topic} Today',
  'Trusted {keyword}',
  '{Product}, Done Right',
  'Need {keyword}?',
  '{Keyword} Near You',
  '{Product} You Can Trust',
  '{Topic}',
  '{Keyword}',
  '{Product}',
]
const SEARCH_DESCRIPTIONS = [
  '{Product}, ready when you are.',
  'Looking for {keyword}? We can help today.',
  '{Topic}. See for yourself.',
  '{Product}: quality you can count on.',
  'Searching for {keyword}? You found it.',
  'Trusted by customers who value quality.',
  'Fast, friendly service, with fair prices from the start.',
  '{Product}.',
  '{Keyword}.',
  '{Topic}.',
]

/** Ad copy: social ad variants, search ad assets, or headline A/B variations. */
export function renderAds(ctx: RenderContext): string {
  if (/variations of this ad headline/i.test(ctx.instructions)) return renderHeadlineVariations(ctx)
  if (/responsive search ad/i.test(ctx.instructions)) return renderSearchAd(ctx)
  return renderSocialAd(ctx)
}

function renderSearchAd(ctx: RenderContext): string {
  const { brief, random } = ctx
  const wanted = brief.count > 1 ? brief.count : 10
  const framed = random
    .sample(SEARCH_HEADLINES, SEARCH_HEADLINES.length)
    .flatMap((template) => [0, 1, 2].map((index) => fillIfFits(template, slotsFor(ctx, index), 30)))
    .filter((headline): headline is string => headline !== null)
  const pool = [...new Set(framed)]
  const plain = AD_HEADLINES.filter((headline) => !pool.includes(headline))
  const headlines = [
    ...random.sample(pool, Math.min(pool.length, Math.ceil(wanted * 0.7))),
    ...random.sample(plain, wanted),
  ]
  const descriptions: string[] = []
  const taken = { templates: new Set<string>(), values: new Set<string>() }
  for (let i = 0; i < 4; i += 1) {
    const slots = slotsFor(ctx, i)
    const lead = widestFitting(ctx, SEARCH_DESCRIPTIONS, slots, taken, 90) ?? ''
    const more = [callToAction(slots) ?? '', ...points(ctx, 2, slots, i * 2)]
    descriptions.push(fitWhole([lead, ...more], 90) || fitWhole(more, 90))
  }
  const distinct = [...new Set(headlines)].slice(0, wanted)
  return `<h3>Headlines</h3>${list(distinct, true)}<h3>Descriptions</h3>${list(descriptions, true)}`
}

/** The filled template when it fits the option and `max` characters, else null. */
function fillIfFits(template: string, slots: Slots, max: number): string | null {
  if (!canFill(template, slots)) return null
  const filled = fillSlots(template, slots)
  return filled.length <= max ? filled : null
}

/**
 * The template that fits `max` characters and says the most values no earlier description said,
 * then the most values, preferring one not used yet; filled, or null when none fits.
 */
function widestFitting(
  ctx: RenderContext,
  templates: readonly string[],
  slots: Slots,
  taken: { templates: Set<string>; values: Set<string> },
  max: number,
): string | null {
  let best: { template: string; score: number } | null = null
  for (const template of ctx.random.sample(usable(ctx, templates), templates.length)) {
    const probe: Slots = { values: slots.values, said: new Set(slots.said) }
    if (!canFill(template, probe) || fillSlots(template, probe).length > max) continue
    const said = [...probe.said].filter((value) => !slots.said.has(value))
    const fresh = said.filter((value) => !taken.values.has(value)).length
    const score = (taken.templates.has(template) ? 0 : 1000) + fresh * 100 + said.length * 10
    if (best === null || score > best.score) best = { template, score }
  }
  if (best === null) return null
  taken.templates.add(best.template)
  const filled = fillSlots(best.template, slots)
  for (const value of slots.said) taken.values.add(value)
  return filled
}

/** Variations of the user's own headline (the text worked on), one change at a time. */
function renderHeadlineVariations(ctx: RenderContext): string {
  const { brief, random } = ctx
  const original = brief.sourceText.replace(/\s+/g, ' ').trim() || 'Your headline'
  const variations: Array<[string, string]> = [
    ['Problem angle', `Tired of the hassle? ${original}`],
    ['Benefit angle', `${original}: Results in Minutes`],
    ['Proof angle', `Join 10,000+ Customers: ${original}`],
    ['Question', `Ready for This? ${original}`],
    ['Urgency', `${original}. Today Only`],
    ['Specific', `${original} in 3 Simple Steps`],
    ['Emotion', `Finally: ${original}`],
    ['Short', shortened(original, 25)],
  ]
  return `<ol>${random
    .sample(variations, variations.length)
    .slice(0, brief.count)
    .map(([label, text]) => `<li>${escapeHtml(text)} <em>(${label})</em></li>`)
    .join('')}</ol>`
}

/** The user's headline in at most `max` characters, at a word boundary: the "Short" variation. */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max + 1)
  const space = cut.lastIndexOf(' ')
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–—-]+$/, '')
}

const SOCIAL_LEADS: Record<string, readonly string[]> = {
  'Problem-led': [
    '{Audience}, still doing it the hard way? {Product} changes that.',
    'Tired of the hassle? Meet {product}.',
    'There is an easier way, and it is called {product}.',
  ],
  'Benefit-led': ['{Topic}. That is what {product} is for.', '{Product}: {topic}.', 'Imagine this: {topic}.'],
  'Social-proof-led': [
    'Thousands already use {product}.',
    '{Audience} are already switching to {product}.',
    'Rated highly by people like you.',
  ],
  Variant: ['{Product}: {topic}.', 'Meet {product}.', 'Made for {audience}.'],
}
const SOCIAL_MORE = ['Made for {audience}.', 'The result: {topic}.', 'Meet {product}.']

function renderSocialAd(ctx: RenderContext): string {
  const { random } = ctx
  const angles = /three variants/i.test(ctx.instructions)
    ? ['Problem-led', 'Benefit-led', 'Social-proof-led']
    : ['Variant']
  return angles
    .map((angle, i) => {
      const slots = slotsFor(ctx, i)
      const lead = richest(ctx, SOCIAL_LEADS[angle] ?? [], slots) ?? ''
      const more = eachUsable(ctx, SOCIAL_MORE, slots)
      const primary = [lead, ...more, closingLine(ctx, slots)].filter((part) => part !== '').join(' ')
      const headlineSlots = slotsFor(ctx, i)
      const headline =
        fillIfFits('{Topic}', headlineSlots, 40) ?? fillIfFits('{Product}', headlineSlots, 40) ?? 'Made for you'
      const adjective = random.pick(usable(ctx, ctx.bank.adjectives).concat(['simple']))
      const description = `${capitalize(adjective)} and ready today`
      return (
        `<h3>${escapeHtml(angle)}</h3>` +
        `<p><strong>Primary text:</strong> ${escapeHtml(primary)}</p>` +
        `<p><strong>Headline:</strong> ${escapeHtml(headline)}</p>` +
        `<p><strong>Description:</strong> ${escapeHtml(description.length <= 30 ? description : 'Ready today')}</p>`
      )
    })
    .join('')
}

const HERO_HEADLINES = [
  '{Product}, without the hassle',
  '{Product} that just works',
  'Meet {product}',
  'Built for {audience}',
  'Finally: {product}',
  'The simpler way to get it done',
]
const HERO_SUBHEADLINES = [
  'Made for {audience}.',
  '{Audience}: this one is for you.',
  'Say goodbye to the busywork.',
  'Set up in minutes, useful from day one.',
  'Less effort, better results, every day.',
  'Everything you need, nothing you do not.',
]

/** Landing page hero sections: headline, subheadline, button. */
export function renderHeroes(ctx: RenderContext): string {
  const headlines = new Set<string>()
  const subheadlines = new Set<string>()
  return Array.from({ length: ctx.brief.count }, (_, i) => {
    const slots = slotsFor(ctx, i)
    const headline = richest(ctx, HERO_HEADLINES, slots, headlines) ?? 'The simpler way to get it done'
    const subheadline = richest(ctx, HERO_SUBHEADLINES, slots, subheadlines) ?? ''
    const button = slots.values.cta ? startOfSentence(slots.values.cta) : 'Get started'
    return (
      `<h3>Option ${i + 1}</h3>` +
      `<p><strong>Headline:</strong> ${escapeHtml(headline)}</p>` +
      `<p><strong>Subheadline:</strong> ${escapeHtml(subheadline)}</p>` +
      `<p><strong>Button:</strong> ${escapeHtml(button)}</p>`
    )
  }).join('')
}
