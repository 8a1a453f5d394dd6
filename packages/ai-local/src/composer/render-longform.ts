import { EXPLANATIONS, ITEM_HEADINGS, SECTION_HEADINGS } from './longform-phrases.ts'
import { mainTitle, sentenceQueue } from './piece-parts.ts'
import { renderAboutPage, renderPressRelease, renderProductDescription } from './render-company-pages.ts'
import {
  closingLine,
  list,
  paragraph,
  richest,
  sentenceInOrder,
  slotsFor,
  type RenderContext,
} from './render-context.ts'
import { renderScript, renderShowNotes, renderVideoDescription } from './render-video-podcast.ts'
import { renderImagePrompts, renderLogoConcepts } from './render-visual-briefs.ts'
import { canFill, fillSlots } from './role-slots.ts'
import { escapeHtml } from './text-tools.ts'

/** An article (or a page, script, release...) in sections; the flavour is read from the task line. */
export function renderArticle(ctx: RenderContext): string {
  const task = ctx.instructions.split('\n')[0] ?? ''
  if (/video description/i.test(task)) return renderVideoDescription(ctx)
  if (/press release/i.test(task)) return renderPressRelease(ctx)
  if (/show notes/i.test(task)) return renderShowNotes(ctx)
  if (/\bscript\b/i.test(task)) return renderScript(ctx)
  if (/about us/i.test(task)) return renderAboutPage(ctx)
  if (/product description/i.test(task)) return renderProductDescription(ctx)
  if (/prompts? for an ai image/i.test(task)) return renderImagePrompts(ctx)
  if (/logo concepts?/i.test(task)) return renderLogoConcepts(ctx)
  return renderSections(ctx)
}

const AUDIENCE_LINES = ['This guide is written for {audience}.', 'If you are one of {audience}, this is for you.']
const KEYWORD_LINES = ['Along the way it covers {keyword}.', 'Expect plenty on {keyword}.']

function renderSections(ctx: RenderContext): string {
  const { brief, random } = ctx
  const sections = Math.min(8, Math.max(3, Math.round((brief.targetWords ?? 450) / 150)))
  const headings = random.sample(SECTION_HEADINGS, sections)
  const queue = sentenceQueue(ctx)
  const introSlots = slotsFor(ctx)
  const intro = [
    richest(ctx, ctx.bank.hooks, introSlots) ?? '',
    sentenceInOrder(ctx, AUDIENCE_LINES, introSlots) ?? '',
    sentenceInOrder(ctx, KEYWORD_LINES, introSlots) ?? '',
  ].filter((part) => part !== '')
  const body = headings.map((heading) => {
    const slots = slotsFor(ctx)
    const sentences = [queue.take(slots), queue.take(slots)].filter((part): part is string => part !== null)
    return `<h3>${escapeHtml(heading)}</h3>${paragraph(sentences.join(' '))}`
  })
  const endSlots = slotsFor(ctx)
  const takeaway = canFill('{topic}', endSlots)
    ? fillSlots('Steady attention pays off, with {topic} as with most things.', endSlots)
    : ''
  return (
    `<h2>${escapeHtml(mainTitle(ctx))}</h2>${paragraph(intro.join(' '))}${body.join('')}<h3>The takeaway</h3>` +
    paragraph([takeaway, closingLine(ctx, endSlots)].filter((part) => part !== '').join(' '))
  )
}

/** A blog post outline: H2 title, H3 sections with key points, and an FAQ. */
export function renderOutline(ctx: RenderContext): string {
  const { random } = ctx
  const type = ctx.brief.format ?? 'How-to guide'
  const headings = /comparison/i.test(type)
    ? ['What to compare', 'How the options stack up', 'Costs and trade-offs', 'Which option fits whom', 'Verdict']
    : /listicle/i.test(type)
      ? random.sample(ITEM_HEADINGS, 5).map((heading, i) => `${i + 1}. ${heading}`)
      : [
          'What you need before you start',
          ...random.sample(ITEM_HEADINGS, 3).map((heading, i) => `Step ${i + 1}: ${heading}`),
          'Mistakes to avoid',
        ]
  const queue = sentenceQueue(ctx)
  const sections = headings.map((heading) => {
    const slots = slotsFor(ctx)
    const keyPoints = [queue.take(slots), queue.take(slots)].filter((part): part is string => part !== null)
    return `<h3>${escapeHtml(heading)}</h3>${list(keyPoints)}`
  })
  const answers = random.sample(EXPLANATIONS, 3)
  const faq = ['What is the first step?', 'How long does it take?', 'Do I need special tools?'].map(
    (question, i) => `<li><strong>${escapeHtml(question)}</strong> ${escapeHtml(answers[i] ?? '')}</li>`,
  )
  const introSlots = slotsFor(ctx)
  const intro = [
    `Introduction: ${richest(ctx, ctx.bank.hooks, introSlots) ?? ''}`,
    sentenceInOrder(ctx, ['The reader: {audience}.'], introSlots) ?? '',
    sentenceInOrder(ctx, ['Keyword to target: {keyword}.'], introSlots) ?? '',
  ].filter((part) => part !== '')
  const kind = /comparison/i.test(type) ? 'An Honest Comparison' : /listicle/i.test(type) ? 'The Essentials' : 'A Guide'
  return (
    `<h2>${escapeHtml(`${mainTitle(ctx)}: ${kind}`)}</h2>${paragraph(intro.join(' '))}${sections.join('')}` +
    `<h3>FAQ</h3><ul>${faq.join('')}</ul>`
  )
}

const TIPS = [
  'spend ten minutes on it today and write down one thing you noticed.',
  'pick one small part and try it before the weekend.',
  'ask someone who has done it what they would do first.',
  'set a reminder for next week and check what changed.',
]

/** A numbered listicle: each item a bold heading and a short paragraph. */
export function renderListicle(ctx: RenderContext): string {
  const { brief, random } = ctx
  const count = Math.max(3, brief.count)
  const withTips = /concrete how-to tip/i.test(ctx.instructions)
  const headings = random.sample(ITEM_HEADINGS, ITEM_HEADINGS.length)
  const queue = sentenceQueue(ctx)
  const items = Array.from({ length: count }, (_, i) => {
    const slots = slotsFor(ctx)
    const text = queue.take(slots) ?? ''
    const tip = withTips ? ` <em>Try this:</em> ${escapeHtml(TIPS[i % TIPS.length] ?? '')}` : ''
    return `<li><strong>${escapeHtml(headings[i % headings.length] ?? '')}.</strong> ${escapeHtml(text)}${tip}</li>`
  })
  const title = `${mainTitle(ctx)}: ${count} Ideas Worth Trying`
  return (
    `<h2>${escapeHtml(title)}</h2>${paragraph(richest(ctx, ctx.bank.hooks, slotsFor(ctx)) ?? '')}` +
    `<ol>${items.join('')}</ol>${paragraph(closingLine(ctx, slotsFor(ctx)))}`
  )
}

const OPENERS: Record<'statistic' | 'story' | 'question', readonly string[]> = {
  statistic: [
    'The numbers behind {topic} are more surprising than most people expect.',
    'Most people underestimate {topic}; the research keeps saying otherwise.',
    'Ask around and you will hear big claims about {topic}. The evidence is calmer.',
  ],
  story: [
    'The first time I tried {topic}, almost nothing went to plan.',
    'Last spring, a friend asked me a simple question about {topic}. I did not have a good answer.',
    'It started with a bad week and a half-finished attempt at {topic}.',
  ],
  question: [
    'What if {topic} were simpler than it looks?',
    'Why do so many people give up on {topic} after a week?',
    'Have you ever wondered what really makes {topic} work?',
  ],
}
const PROMISES = [
  "In this post, you'll see how to approach it one step at a time.",
  'This post walks through what works, what does not and where to begin.',
  "By the end, you'll have a plan you can start on today.",
]

/** Several alternative introductions for one blog post. */
export function renderIntros(ctx: RenderContext): string {
  const { brief } = ctx
  const opening = brief.format ?? /open with (.+?)\.?$/im.exec(ctx.instructions)?.[1] ?? 'a question'
  const style = /statistic/i.test(opening) ? 'statistic' : /story/i.test(opening) ? 'story' : 'question'
  const queue = sentenceQueue(ctx)
  const used = new Set<string>()
  return Array.from({ length: brief.count }, (_, i) => {
    const slots = slotsFor(ctx, i)
    const sentences = [
      richest(ctx, OPENERS[style], slots, used) ?? richest(ctx, ctx.bank.hooks, slots, used),
      queue.take(slots),
      queue.take(slots),
      PROMISES[i % PROMISES.length] ?? null,
    ].filter((part): part is string => part !== null && part !== '')
    return `<h3>Introduction ${i + 1}</h3>${paragraph(sentences.join(' '))}`
  }).join('')
}
