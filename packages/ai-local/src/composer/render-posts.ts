import { EXPLANATIONS } from './longform-phrases.ts'
import { sentenceQueue } from './piece-parts.ts'
import { closingLine, paragraph, richest, slotsFor, usable, type RenderContext } from './render-context.ts'
import { canFill, fillSlots, type Slots } from './role-slots.ts'
import { allValues } from './role-values.ts'
import { escapeHtml, fittingParts, fitWhole, hashtag } from './text-tools.ts'

const QUESTIONS = [
  "What's your take?",
  'How do you handle it?',
  'Which part would you start with?',
  'What would you add?',
  'Have you tried it yet?',
]

/**
 * The sentences that develop the options: the voice's points, then general ones. Each option gets
 * its own share, so no two options say the same sentences.
 */
function sentencePool(ctx: RenderContext): string[] {
  return [...ctx.random.sample(usable(ctx, ctx.bank.points), ctx.bank.points.length), ...usable(ctx, EXPLANATIONS)]
}

/** Up to `count` sentences of the share, skipping those whose slots the option cannot fill. */
function fromShare(share: readonly string[], count: number, slots: Slots): string[] {
  const said: string[] = []
  for (const template of share) {
    if (said.length >= count) break
    if (canFill(template, slots)) said.push(fillSlots(template, slots))
  }
  return said
}

/** Social posts (X, LinkedIn, Facebook, Threads) and Instagram captions. */
export function renderPosts(ctx: RenderContext, label: 'Post' | 'Caption'): string {
  const { brief, random } = ctx
  const wordsPerPost = brief.targetWords ?? postLength(brief.format, brief.count)
  const pool = sentencePool(ctx)
  const share = Math.max(1, Math.floor(pool.length / brief.count))
  const usedHooks = new Set<string>()
  const parts: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    const slots = slotsFor(ctx, i)
    const hook = richest(ctx, ctx.bank.hooks, slots, usedHooks) ?? ''
    const wanted = Math.max(1, Math.round((wordsPerPost - 12) / 11))
    const body = fromShare(pool.slice(i * share, (i + 1) * share), wanted, slots)
    const question = brief.endWithQuestion ? (QUESTIONS[i % QUESTIONS.length] ?? '') : ''
    const tags = brief.hashtags ? hashtagsFor(ctx, /at most one/i.test(ctx.instructions) ? 1 : 4, i) : []
    const tagLength = tags.length > 0 ? tags.join(' ').length + 1 : 0
    const emoji = brief.emojis ? random.pick(ctx.bank.emojis) : ''
    // Room is left for the brand voice's word, added to a post that lacks one (voice-pass.ts).
    const limit = brief.maxChars === null ? null : brief.maxChars - tagLength - ctx.voice.room
    const rest = [...body, question, closingLine(ctx, slots), emoji]
    // A hook holding a value too long for the limit gives way to the rest rather than to nothing.
    const withHook = fittingParts([hook, ...rest], limit)
    const kept = withHook.length > 0 ? withHook : fittingParts(rest, limit)
    const paragraphs = wordsPerPost > 90 ? inPairs(kept) : [kept.join(' ')]
    const heading = brief.count > 1 ? `<h3>${label} ${i + 1}</h3>` : ''
    parts.push(heading + paragraphs.map(paragraph).join('') + (tags.length > 0 ? paragraph(tags.join(' ')) : ''))
  }
  return parts.join('')
}

/** A numbered X thread: a hook, one post per point, and a closing post. */
export function renderThread(ctx: RenderContext): string {
  const { brief } = ctx
  const total = Math.max(3, brief.count)
  const slots = slotsFor(ctx)
  const hook = richest(ctx, ctx.bank.hooks, slots) ?? ''
  const queue = sentenceQueue(ctx)
  const posts = [fitWhole([hook, brief.emojis ? 'A thread 🧵' : 'A thread:'], 280) || hook]
  for (let i = 1; i < total - 1; i += 1) {
    const sentences = [queue.take(slots), queue.take(slots)].filter((part): part is string => part !== null)
    posts.push(fitWhole(sentences, 270))
  }
  posts.push(closingLine(ctx, slots))
  return posts.map((post, i) => `<p><strong>${i + 1}/${total}</strong> ${escapeHtml(post)}</p>`).join('')
}

/**
 * Hashtags from the user's values, each value whole in one tag (#PixelArtGameDesign), else its
 * words one tag each; the option's index rotates which come first.
 */
export function hashtagsFor(ctx: RenderContext, count: number, index = 0): string[] {
  const values = allValues(ctx.values).filter((value) => !ctx.values.call_to_action.includes(value))
  const whole = values.map(hashtag).filter((tag) => tag.length > 2 && tag.length <= 30)
  const words = values.flatMap((value) => value.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]{3,}/gu) ?? []).map(hashtag)
  const tags = [...new Set([...whole, ...words])]
  if (tags.length === 0) return []
  const start = index % tags.length
  return [...tags.slice(start), ...tags.slice(0, start)].slice(0, count)
}

function postLength(format: string | null, count: number): number {
  if (format && /short/i.test(format)) return 25
  if (format && /long/i.test(format)) return 150
  if (format && /medium/i.test(format)) return 60
  return count > 3 ? 35 : 55
}

/** Sentences in paragraphs of two, for long posts (split between sentences, never inside a value). */
function inPairs(sentences: readonly string[]): string[] {
  const paragraphs: string[] = []
  for (let i = 0; i < sentences.length; i += 2) paragraphs.push(sentences.slice(i, i + 2).join(' '))
  return paragraphs
}
