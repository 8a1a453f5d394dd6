import { mainTitle, sentenceQueue } from './piece-parts.ts'
import {
  asksFor,
  closingLine,
  list,
  paragraph,
  sentenceInOrder,
  slotsFor,
  type RenderContext,
} from './render-context.ts'
import { startOfSentence } from './role-slots.ts'
import { escapeHtml, sentences } from './text-tools.ts'

/** Pieces to be heard or watched: a video's description, a podcast's show notes, a spoken script. */

export function renderVideoDescription(ctx: RenderContext): string {
  const queue = sentenceQueue(ctx)
  const slots = slotsFor(ctx)
  const summary = [
    sentenceInOrder(ctx, ['{Topic}.'], slots),
    sentenceInOrder(ctx, ['In this video: {topic2}.'], slots),
    queue.take(slots),
    queue.take(slots),
  ].filter((part): part is string => part !== null)
  // Chapters are the user's own lines, kept as they wrote them, one per line.
  const chapters = ctx.brief.sourceText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const spot = asksFor(ctx, 'Link') ? ': [Link]' : ''
  const links = ctx.values.keyword.map((link) => `${startOfSentence(link)}${spot}`)
  return (
    paragraph(summary.join(' ')) +
    (chapters.length > 0 ? `<h3>Chapters</h3>${list(chapters)}` : '') +
    (links.length > 0 ? `<h3>Links</h3>${list(links)}` : '') +
    paragraph(closingLine(ctx, slotsFor(ctx)))
  )
}

export function renderShowNotes(ctx: RenderContext): string {
  const short = /only a short summary/i.test(ctx.instructions)
  const queue = sentenceQueue(ctx)
  const slots = slotsFor(ctx)
  slots.said.add(mainTitle(ctx).toLocaleLowerCase())
  // The outline or transcript is the user's text to work on: its first sentences open the summary.
  const outline = sentences(ctx.brief.sourceText).slice(0, 2).join(' ')
  const summary = paragraph(
    [
      outline === '' ? 'In this episode we dig into the question from every side.' : `In this episode: ${outline}`,
      queue.take(slots),
    ]
      .filter((part): part is string => part !== null)
      .join(' '),
  )
  const title = `<h2>${escapeHtml(mainTitle(ctx))}</h2>`
  if (short) return title + summary
  const takeaways = [queue.take(slotsFor(ctx)), queue.take(slotsFor(ctx)), queue.take(slotsFor(ctx))]
  const guestSlots = slotsFor(ctx)
  const guest = sentenceInOrder(ctx, ['{Who}.'], guestSlots)
  return (
    title +
    summary +
    `<h3>Key takeaways</h3>${list(takeaways.filter((part): part is string => part !== null))}` +
    (guest
      ? `<h3>About the guest</h3>${paragraph(`${guest} They share practical experience from their own work.`)}`
      : '') +
    (asksFor(ctx, 'Link')
      ? `<h3>Links</h3>${list(['Resources mentioned in the episode: [Link]', 'Where to follow the show: [Link]'])}`
      : '')
  )
}

const SCRIPT_PARTS = ['Why it matters', 'How to start', 'The mistake to avoid']

export function renderScript(ctx: RenderContext): string {
  const queue = sentenceQueue(ctx)
  const hookSlots = slotsFor(ctx)
  const hook = sentenceInOrder(ctx, ctx.random.sample(ctx.bank.hooks, ctx.bank.hooks.length), hookSlots) ?? ''
  const introSlots = slotsFor(ctx)
  const intro = [
    sentenceInOrder(ctx, ["Today's video is for {audience}."], introSlots),
    'We will cover three parts. Stick around for the last tip.',
  ].filter((part): part is string => part !== null)
  const parts = SCRIPT_PARTS.map((part, i) => {
    const text = queue.take(slotsFor(ctx)) ?? ''
    return (
      `<p><strong>Part ${i + 1}: ${escapeHtml(part)}</strong> ${escapeHtml(text)}` +
      (asksFor(ctx, 'B-roll') ? ` [B-roll: ${escapeHtml(part.toLowerCase())}, shown step by step]` : '') +
      '</p>'
    )
  })
  return (
    `<h2>${escapeHtml(mainTitle(ctx))}</h2>` +
    `<p><strong>Hook</strong> ${escapeHtml(hook)}</p>` +
    `<p><strong>Intro</strong> ${escapeHtml(intro.join(' '))}` +
    (asksFor(ctx, 'On-screen text') ? ` [On-screen text: ${escapeHtml(mainTitle(ctx))}]` : '') +
    '</p>' +
    parts.join('') +
    `<p><strong>Outro</strong> ${escapeHtml(closingLine(ctx, slotsFor(ctx)))}</p>`
  )
}
