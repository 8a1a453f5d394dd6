import { mainTitle, sentenceQueue } from './piece-parts.ts'
import {
  callToAction,
  closingLine,
  eachUsable,
  list,
  paragraph,
  richest,
  sentenceInOrder,
  slotsFor,
  usable,
  type RenderContext,
} from './render-context.ts'
import { canFill, fillSlots, startOfSentence } from './role-slots.ts'
import { escapeHtml } from './text-tools.ts'

/** A company's own pages: a press release, an about page, a product description. */

const RELEASE_HEADLINES = ['{Who} announces {topic}', '{Who}: {topic}', 'News from {who}']
const RELEASE_LEADS = ['{Who} today announced {topic}.', 'Today, {who} shares its news: {topic}.']

export function renderPressRelease(ctx: RenderContext): string {
  const headline = richest(ctx, RELEASE_HEADLINES, slotsFor(ctx)) ?? mainTitle(ctx)
  const leadSlots = slotsFor(ctx)
  const lead = [richest(ctx, RELEASE_LEADS, leadSlots) ?? '', ...sentenceQueueOf(ctx, 1)].join(' ')
  const quoteSlots = slotsFor(ctx)
  const speaker = canFill('{who}', quoteSlots)
    ? `said a spokesperson for ${fillSlots('{who}', quoteSlots)}`
    : 'said a spokesperson'
  const said = sentenceQueueOf(ctx, 1)[0] ?? ''
  const quote = `"This is an important step for everyone we work with," ${speaker}. "${said}"`
  // Every further topic the user gave (the quote's gist, the key facts) is listed whole.
  const details = ctx.values.topic.slice(1).map(startOfSentence)
  const aboutSlots = slotsFor(ctx)
  const company = canFill('{who}', aboutSlots) ? fillSlots('{Who}', aboutSlots) : 'The company'
  const contact = callToAction(slotsFor(ctx))
  return (
    `<h2>${escapeHtml(headline)}</h2>${paragraph(lead)}<blockquote>${escapeHtml(quote)}</blockquote>` +
    (details.length > 0 ? `<h3>Key details</h3>${list(details)}` : '') +
    `<h3>About the company</h3>${paragraph(
      `${company} builds its work on a few simple ideas: ` +
        'do it well, keep it honest and stay close to the people it serves.',
    )}` +
    (contact ? `<p><strong>Media contact:</strong> ${escapeHtml(contact)}</p>` : '')
  )
}

/** `count` sentences from a fresh queue, for one block. */
function sentenceQueueOf(ctx: RenderContext, count: number): string[] {
  const queue = sentenceQueue(ctx)
  const slots = slotsFor(ctx)
  return Array.from({ length: count }, () => queue.take(slots)).filter((part): part is string => part !== null)
}

/** Two of the voice's adjectives ("steady and thoughtful"). */
function goodWork(ctx: RenderContext): string {
  return usable(ctx, ctx.bank.adjectives).slice(0, 2).join(' and ') || 'careful and honest'
}

export function renderAboutPage(ctx: RenderContext): string {
  const queue = sentenceQueue(ctx)
  const storySlots = slotsFor(ctx)
  const doSlots = slotsFor(ctx)
  const believeSlots = slotsFor(ctx)
  const sections: Array<[string, string]> = [
    [
      'Our story',
      sentenceInOrder(
        ctx,
        ['It started simply: {topic}.', 'We started {who} because we wanted something better.'],
        storySlots,
      ) ?? 'We started because we wanted something better.',
    ],
    [
      'What we do',
      [sentenceInOrder(ctx, ['{Who}.'], doSlots), queue.take(doSlots), queue.take(doSlots)]
        .filter((part): part is string => part !== null)
        .join(' '),
    ],
    [
      'What we believe',
      sentenceInOrder(ctx, ['We hold ourselves to a few values: {keyword}.'], believeSlots) ??
        `We believe good work is ${goodWork(ctx)}.`,
    ],
    ['Work with us', closingLine(ctx, slotsFor(ctx))],
  ]
  if (/flowing prose/i.test(ctx.instructions)) return sections.map(([, text]) => paragraph(text)).join('')
  return sections.map(([heading, text]) => `<h3>${heading}</h3>${paragraph(text)}`).join('')
}

const BENEFIT_BULLETS = [
  'Made with {audience} in mind, so it earns its place from day one.',
  'Easy to look after, so it keeps working as well as on the first day.',
  'Clear instructions included, so there is nothing to figure out.',
  'Built to last, so it keeps working season after season.',
  'Thoughtful details throughout, so it feels good to use every time.',
]

export function renderProductDescription(ctx: RenderContext): string {
  // The features as the user listed them, whole, in one bullet; general benefits make up the rest.
  const featureSlots = slotsFor(ctx)
  const features = ctx.values.topic.map((feature) => `${startOfSentence(feature)}, so you get more out of every day.`)
  const general = eachUsable(ctx, BENEFIT_BULLETS, featureSlots)
  // A format that names a number of bullets gets that many.
  const wanted = Number(/(\d+) bullet/i.exec(ctx.brief.format ?? '')?.[1] ?? features.length + 3)
  const bullets = [...features, ...general].slice(0, Math.max(wanted, features.length))
  const intro = [richest(ctx, ctx.bank.hooks, slotsFor(ctx)) ?? '', ...sentenceQueueOf(ctx, 1)].join(' ')
  return (
    `<h2>${escapeHtml(mainTitleOfProduct(ctx))}</h2>${paragraph(intro.trim())}` +
    `${list(bullets)}${paragraph(closingLine(ctx, slotsFor(ctx)))}`
  )
}

function mainTitleOfProduct(ctx: RenderContext): string {
  const product = ctx.values.product[0]
  return product ? startOfSentence(product) : mainTitle(ctx)
}
