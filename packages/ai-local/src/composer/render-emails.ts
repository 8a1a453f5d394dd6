import { sentenceQueue } from './piece-parts.ts'
import {
  asksFor,
  closingLine,
  eachUsable,
  list,
  paragraph,
  richest,
  sentence,
  slotsFor,
  type RenderContext,
} from './render-context.ts'
import { canFill, fillSlots, say, startOfSentence, type Slots } from './role-slots.ts'
import { escapeHtml } from './text-tools.ts'

/** [style, subject, preview]: either may say the topic; the other is the writer's own. */
const SUBJECT_STYLES: ReadonlyArray<readonly [string, string, string]> = [
  ['Curiosity', 'The {topic} detail most people miss', 'It takes two minutes to read and might change your mind.'],
  ['Benefit', 'Make {topic} easier this week', 'A short guide, with one thing to try today.'],
  ['Urgency', 'Last chance: {topic}', 'The offer closes soon. Here is what is included.'],
  ['Personal', 'A quick note about {topic}', 'I wanted you to hear this one from me first.'],
  ['Curiosity', 'Did you know this?', 'One surprising fact about {topic}, and what to do with it.'],
  ['Benefit', 'Your checklist is here', 'Everything about {topic} in one place, ready to use.'],
  ['Personal', 'What I learned from {topic}', 'Three lessons, no fluff.'],
  ['Urgency', 'Starts tomorrow: {topic}', 'Save your spot before it fills up.'],
  ['Curiosity', 'Inside: {topic}', 'Open for the full story and one practical tip.'],
  ['Benefit', 'This week: {topic}', 'A two-minute read that saves you an hour.'],
  ['Urgency', "Don't miss {topic}", 'A quick heads-up before the weekend.'],
  ['Personal', 'Something new for you', 'It is about {topic}, and I think you will like it.'],
  ['Curiosity', 'Good news inside', 'Here is the short version: {topic}.'],
]

/** Subject lines with preview text, optionally labelled by style. */
export function renderSubjectLines(ctx: RenderContext): string {
  const { brief, random } = ctx
  const labelled = /label each/i.test(ctx.instructions)
  const picked = random.sample(SUBJECT_STYLES, SUBJECT_STYLES.length)
  const items = Array.from({ length: brief.count }, (_, i) => {
    const [style, subjectTemplate, previewTemplate] = picked[i % picked.length] ?? SUBJECT_STYLES[0]!
    const slots = slotsFor(ctx, i)
    const subject = fillWithin(subjectTemplate, slots, brief.maxChars) ?? plainSubject(i)
    const ownPreview = canFill(previewTemplate, slots)
      ? fillSlots(previewTemplate, slots)
      : previewTemplate.includes('{')
        ? 'Open for the details.'
        : previewTemplate
    // A topic the subject line could not hold opens the preview, whole.
    const preview = canFill('{Topic}', slots) ? `${fillSlots('{Topic}', slots)}. ${ownPreview}` : ownPreview
    const label = labelled ? ` <em>(${style})</em>` : ''
    return `<li><strong>${escapeHtml(subject)}</strong>${label}<br>Preview: ${escapeHtml(preview)}</li>`
  })
  return `<ol>${items.join('')}</ol>`
}

const PLAIN_SUBJECTS = ['Open me first', 'A quick heads-up', 'Good news inside', 'Worth two minutes', 'One small thing']

function plainSubject(index: number): string {
  return PLAIN_SUBJECTS[index % PLAIN_SUBJECTS.length] ?? 'A quick note'
}

/** The template filled when it fits the option and `max` characters (unmarked otherwise), else null. */
function fillWithin(template: string, slots: Slots, max: number | null): string | null {
  if (!canFill(template, slots)) return null
  const probe: Slots = { values: slots.values, said: new Set(slots.said) }
  if (max !== null && fillSlots(template, probe).length > max) return null
  return fillSlots(template, slots)
}

const SIGN_OFFS = {
  friendly: 'Cheers,',
  professional: 'Best regards,',
  witty: 'Cheers,',
  bold: 'Thanks,',
  inspiring: 'Warmly,',
  calm: 'Best,',
} as const

const COLD_SUBJECTS = [
  'Idea for {audience}',
  'Quick question about {product}',
  'Worth a look?',
  'Quick idea',
  'One idea for you',
]
const COLD_OPENINGS = [
  'I noticed {topic}, and it made me think of you.',
  'Something caught my eye: {topic}.',
  'A quick note after seeing this: {topic}.',
  "I'll keep this short.",
  'Straight to the point, since your time matters.',
  'One idea, in under a minute of reading.',
]
const COLD_VALUE = ['We help {audience} with {product}.', 'We offer {product}.', 'We work with {audience}.']
const FOLLOW_UP_SUBJECTS = ['Following up on {topic}', 'Quick follow-up', 'One more thought']
const FOLLOW_UP_OPENINGS = ['I wanted to follow up on {topic}.', 'A quick follow-up on {topic}.']
const FOLLOW_UP_CONTEXT = ['For context: {topic}.', 'As a reminder: {topic}.']
const FOLLOW_UP_ADDITIONS = ['One useful addition: {topic2}.', 'Something new since then: {topic2}.']
const PITCH_SUBJECTS = [
  'Story idea: {topic}',
  'For your readers: {topic}',
  'Exclusive: {topic}',
  'A story for your beat',
]
const PITCH_BODY = [
  'The story: {topic}.',
  'Why it fits {audience}: your readers care about exactly this.',
  'Why now: {topic2}.',
]
const ASKS = [
  '{Cta}? If the timing is wrong, a quick no is fine too.',
  'Next step, if you are open to it: {cta}.',
  'Would that be useful? Next step: {cta}.',
  'If it sounds useful, the next step is simple: {cta}.',
]
const PLAIN_ASKS = [
  'Would a short call next week work for you?',
  'Is this worth a quick reply?',
  'Shall I send a few examples?',
]

/** Cold, follow-up and pitch e-mails, and newsletter issues. */
export function renderEmails(ctx: RenderContext): string {
  const task = ctx.instructions.split('\n')[0] ?? ''
  if (/\bnewsletter\b/i.test(task)) return renderNewsletter(ctx)
  const { brief } = ctx
  const isPitch = /\bpitch\b/i.test(task)
  const isFollowUp = /follow-up/i.test(task)
  // The situation is an option the tool offers ("a meeting"), written by its author, not typed.
  const situation = /\bfollow-up email after (.+?)\.(?:\s|$)/i.exec(task)?.[1]
  const offer = /\bOffer (an? [^,.\n]+|exclusive [^,.\n]+|case studies|images and video)/.exec(ctx.instructions)?.[1]
  const emails: string[] = []
  const usedSubjects = new Set<string>()
  const usedOpenings = new Set<string>()
  const usedAsks = new Set<string>()
  const queue = sentenceQueue(ctx)
  for (let i = 0; i < brief.count; i += 1) {
    const slots = slotsFor(ctx, i)
    const subject =
      richest(ctx, isPitch ? PITCH_SUBJECTS : isFollowUp ? FOLLOW_UP_SUBJECTS : COLD_SUBJECTS, slots, usedSubjects) ??
      'Quick idea'
    const body = isPitch
      ? [...eachUsable(ctx, PITCH_BODY, slots), offer ? `I can offer ${offer}.` : '']
      : isFollowUp
        ? [
            ...(situation
              ? [`I'm following up after ${situation}.`, sentence(ctx, FOLLOW_UP_CONTEXT, slots) ?? '']
              : [sentence(ctx, FOLLOW_UP_OPENINGS, slots) ?? 'Following up on my last note.']),
            sentence(ctx, FOLLOW_UP_ADDITIONS, slots) ?? '',
            queue.take(slots) ?? '',
          ]
        : [
            richest(ctx, COLD_OPENINGS, slots, usedOpenings) ?? '',
            ...eachUsable(ctx, COLD_VALUE, slots),
            queue.take(slots) ?? '',
          ]
    const ask = richest(ctx, ASKS, slots, usedAsks) ?? PLAIN_ASKS[i % PLAIN_ASKS.length] ?? ''
    emails.push(
      (brief.count > 1 ? `<h3>Email ${i + 1}</h3>` : '') +
        `<p><strong>Subject:</strong> ${escapeHtml(subject)}</p>` +
        paragraph(asksFor(ctx, 'First name') ? 'Hi [First name],' : 'Hi there,') +
        [...body.filter((part) => part !== ''), ask].map(paragraph).join('') +
        `<p>${escapeHtml(SIGN_OFFS[brief.tone])}${asksFor(ctx, 'Your name') ? '<br>[Your name]' : ''}</p>`,
    )
  }
  return emails.join('')
}

function renderNewsletter(ctx: RenderContext): string {
  const titleSlots = slotsFor(ctx)
  const title = canFill('{Who}', titleSlots) ? `${fillSlots('{Who}', titleSlots)}: this week` : 'This week'
  const slots = slotsFor(ctx)
  const hook = richest(ctx, ctx.bank.hooks, slots) ?? ''
  const queue = sentenceQueue(ctx)
  const take = (from: Slots) => queue.take(from)
  const story = [take(slots), take(slots)].filter((part): part is string => part !== null)
  const hitSlots = slotsFor(ctx)
  const hits = [take(hitSlots), take(hitSlots), take(hitSlots)].filter((part): part is string => part !== null)
  const sender = ctx.values.who[1]
  const closing = closingLine(ctx, slots)
  return (
    `<h2>${escapeHtml(title)}</h2>` +
    paragraph(hook) +
    `<h3>The main story</h3>${paragraph(story.join(' '))}` +
    (hits.length > 0 ? `<h3>Quick hits</h3>${list(hits)}` : '') +
    paragraph(closing) +
    `<p>See you next time,<br>${escapeHtml(sender ? startOfSentence(say(sender, slots)) : 'The team')}</p>`
  )
}
