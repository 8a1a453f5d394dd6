import { HOW_TO_TITLES, LIST_TITLES, OTHER_TITLES, PLAIN_TITLES } from './marketing-templates.ts'
import { callToAction, list, paragraph, slotsFor, type RenderContext } from './render-context.ts'
import { canFill, fillSlots, inSentence, startOfSentence, type SlotName, type Slots } from './role-slots.ts'
import { escapeHtml, fittingParts } from './text-tools.ts'

/**
 * The values a title or a description is built on, one per option in turn: the keywords first (a
 * search title leads with the keyword), then the topics.
 */
export function titleSubjects(ctx: RenderContext): string[] {
  return [...ctx.values.keyword, ...ctx.values.topic, ...ctx.values.product]
}

/** Whether the text says the value as written, up to the case of its first letter. */
function verbatimIn(text: string, value: string): boolean {
  return text.includes(value) || text.includes(startOfSentence(value)) || text.includes(inSentence(value))
}

/** Slots holding one value as {topic}, for a title template. */
function subjectSlots(subject: string | undefined): Slots {
  return { values: subject === undefined ? {} : { topic: subject }, said: new Set() }
}

/** Titles for blog posts, videos and search results, from the keyword or topic the user gave. */
export function renderTitles(ctx: RenderContext): string {
  const { brief, random } = ctx
  const onlyNumbered = /only numbered/i.test(ctx.instructions) || /listicle/i.test(brief.format ?? '')
  const howTo = /how-to/i.test(brief.format ?? '')
  const pool = onlyNumbered
    ? random.sample(LIST_TITLES, LIST_TITLES.length)
    : howTo
      ? [...random.sample(HOW_TO_TITLES, 5), ...random.sample(OTHER_TITLES, 10)]
      : random.sample([...HOW_TO_TITLES, ...LIST_TITLES, ...OTHER_TITLES], 20)
  const brand = ctx.values.who[0]
  const subjects = titleSubjects(ctx)
  const used = new Set<string>()
  const given: string[] = []
  const titles: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    const subject = subjects[i % Math.max(1, subjects.length)]
    // Templates not used yet, then the value alone, then titles of the writer's own: never one given already.
    const candidates = [...pool.filter((template) => !used.has(template)), '{Topic}']
    let title: string | null = null
    for (const candidate of candidates) {
      const template = candidate.replace('{n}', String(random.pick([5, 7, 9, 10, 12])))
      const slots = subjectSlots(subject)
      if (!canFill(template, slots)) continue
      const filled = fillSlots(template, slots)
      if ((brief.maxChars !== null && filled.length > brief.maxChars) || given.includes(filled)) continue
      used.add(candidate)
      title = filled
      break
    }
    title ??= PLAIN_TITLES.find((plain) => !given.includes(plain)) ?? `${PLAIN_TITLES[0]}, Part ${i + 1}`
    given.push(title)
    if (brand && title.length + brand.length + 3 <= (brief.maxChars ?? 60)) title = `${title} | ${brand}`
    titles.push(title)
  }
  // A value too long for any title within the limit is still named, whole, above the list.
  const unsaid = subjects.filter((subject) => !titles.some((title) => verbatimIn(title, subject)))
  return (unsaid.length > 0 ? paragraph(`Titles for: ${unsaid.join('; ')}`) : '') + list(titles, true)
}

const META_OPENINGS = [
  '{Topic}: practical advice you can use today.',
  'Everything you need to know about {topic}, in one place.',
  'Get {topic} right the first time with tips you can use today.',
  'A simple guide to {topic}: what works, what to skip and where to start.',
  'Looking for {topic}? Compare options and find what fits your needs.',
  'Clear, honest answers about {topic}.',
  '{Topic}, explained.',
  'All about {topic}.',
  '{Topic}: the essentials.',
  'Your guide to {topic}.',
]
const META_SECOND = ['All about {topic2}, explained clearly.', 'Covers {topic2}, step by step.', 'Inside: {topic2}.']
const META_FILLERS = [
  'Updated for this year.',
  'Free and easy to follow.',
  'No jargon.',
  'Expert tips inside.',
  'Clear and practical.',
  'Start today.',
  'Takes five minutes to read.',
  'Real examples included.',
  'Written for beginners.',
  'Checked by experts.',
  'Honest and to the point.',
  'Plain words, useful answers.',
]
const META_MAX = 155
const META_MIN = 140

/** Meta descriptions of 140 to 155 characters, each ending with the call to action, its length shown. */
export function renderMetaDescriptions(ctx: RenderContext): string {
  const { brief, random } = ctx
  const subjects = titleSubjects(ctx)
  const openings = random.sample(META_OPENINGS, META_OPENINGS.length)
  const usedOpenings = new Set<string>()
  const fillers = random.sample(META_FILLERS, META_FILLERS.length)
  const items: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    // The option's subject leads; the next one follows when it fits, so every value gets its turn.
    const values: Partial<Record<SlotName, string>> = { ...slotsFor(ctx, i).values }
    const lead = subjects[i % Math.max(1, subjects.length)]
    const next = subjects.length > 1 ? subjects[(i + 1) % subjects.length] : undefined
    if (lead !== undefined) values.topic = lead
    if (next !== undefined) values.topic2 = next
    const slots: Slots = { values, said: new Set() }
    const cta = callToAction(slots) ?? ''
    const room = META_MAX - ctx.voice.room - (cta === '' ? 0 : cta.length + 1)
    const opening = [...openings.filter((template) => !usedOpenings.has(template)), ...openings].find((template) =>
      fits(template, slots, room),
    )
    if (opening) usedOpenings.add(opening)
    const second = random.sample(META_SECOND, META_SECOND.length).find((template) => canFill(template, slots))
    const body = fittingParts(
      [opening ? fillSlots(opening, slots) : '', second && canFill(second, slots) ? fillSlots(second, slots) : ''],
      room,
    )
    // Each description takes its fillers from its own place in the list, so two rarely share them.
    const start = (i * 3) % fillers.length
    for (const filler of [...fillers.slice(start), ...fillers.slice(0, start)]) {
      const length = [...body, filler, cta].join(' ').length
      if ([...body, cta].join(' ').length < META_MIN && length <= META_MAX) body.push(filler)
    }
    const text = [...body, cta].filter((part) => part !== '').join(' ')
    items.push(`<li>${escapeHtml(text)} <em>(${text.length} characters)</em></li>`)
  }
  return `<ol>${items.join('')}</ol>`
}

/** Whether the template fits the option and, filled, the room left. */
function fits(template: string, slots: Slots, room: number): boolean {
  if (!canFill(template, slots)) return false
  return fillSlots(template, { values: slots.values, said: new Set(slots.said) }).length <= room
}
