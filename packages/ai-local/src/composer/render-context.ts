import type { ContentBrief } from './content-brief.ts'
import { canFill, fillSlots, optionSlots, pickFilled, say, startOfSentence, type Slots } from './role-slots.ts'
import type { RoleValues } from './role-values.ts'
import type { Random } from './seeded-random.ts'
import { escapeHtml } from './text-tools.ts'
import { TONES, type ToneBank } from './tones.ts'
import { voiceFilter, type VoiceFilter } from './voice-words.ts'

/** Everything a renderer needs: the brief, the user's values by role, the voice and a seeded random source. */
export interface RenderContext {
  brief: ContentBrief
  values: RoleValues
  bank: ToneBank
  random: Random
  /** The tool's instructions (the prompt with the user's values masked), for renderer switches. */
  instructions: string
  /** The brand voice's words to use and to avoid. */
  voice: VoiceFilter
}

export function renderContext(brief: ContentBrief, random: Random): RenderContext {
  const voice = voiceFilter(brief.voice)
  return {
    brief,
    values: brief.values,
    bank: voice.bank(TONES[brief.tone]),
    random,
    instructions: brief.instructions,
    voice,
  }
}

/** The slots of the `index`-th option (role-slots.ts). */
export function slotsFor(ctx: RenderContext, index = 0): Slots {
  return optionSlots(ctx.values, index)
}

/** Templates as this answer may use them: without emoji unless asked, without the voice's avoided words. */
export function usable(ctx: RenderContext, templates: readonly string[]): string[] {
  return ctx.voice.allowed(ctx.brief.emojis ? templates : templates.map(withoutEmoji))
}

/** A usable template of the list, filled with the option's values; null when none fits the option. */
export function sentence(ctx: RenderContext, templates: readonly string[], slots: Slots): string | null {
  return pickFilled(ctx.random, usable(ctx, templates), slots)
}

/** Like sentence, but the first usable template in order: for fixed sequences. */
export function sentenceInOrder(ctx: RenderContext, templates: readonly string[], slots: Slots): string | null {
  const template = usable(ctx, templates).find((candidate) => canFill(candidate, slots))
  return template === undefined ? null : fillSlots(template, slots)
}

/**
 * The template that says the most of the option's values, preferring one no earlier option used
 * (recorded in `used`), filled; null when none fits the option.
 */
export function richest(
  ctx: RenderContext,
  templates: readonly string[],
  slots: Slots,
  used: Set<string> = new Set(),
): string | null {
  let best: { template: string; score: number } | null = null
  for (const template of ctx.random.sample(usable(ctx, templates), templates.length)) {
    if (!canFill(template, slots)) continue
    const score = (used.has(template) ? 0 : 100) + (template.match(/\{/g)?.length ?? 0)
    if (best === null || score > best.score) best = { template, score }
  }
  if (best === null) return null
  used.add(best.template)
  return fillSlots(best.template, slots)
}

/** Each template in turn that the option can still fill, filled: none says a value another one said. */
export function eachUsable(ctx: RenderContext, templates: readonly string[], slots: Slots): string[] {
  const said: string[] = []
  for (const template of usable(ctx, templates)) if (canFill(template, slots)) said.push(fillSlots(template, slots))
  return said
}

/** `count` sentences without slots or with slots still free, none repeated, from a shuffled bank. */
export function points(ctx: RenderContext, count: number, slots: Slots, offset = 0): string[] {
  const pool = usable(ctx, ctx.bank.points)
  const chosen: string[] = []
  for (let i = 0; i < pool.length && chosen.length < count; i += 1) {
    const template = pool[(offset + i) % pool.length] ?? ''
    if (canFill(template, slots)) chosen.push(fillSlots(template, slots))
  }
  return chosen
}

/** The user's call to action as a sentence of its own, when the option has not said it yet. */
export function callToAction(slots: Slots): string | null {
  const cta = slots.values.cta
  if (cta === undefined || slots.said.has(cta.toLocaleLowerCase())) return null
  const text = startOfSentence(say(cta, slots))
  return /[.!?…]$/u.test(text) ? text : `${text}.`
}

/** The call to action the user gave, as a sentence, else one of the voice's closers. */
export function closingLine(ctx: RenderContext, slots: Slots): string {
  const closers = usable(ctx, ctx.bank.closers)
  return callToAction(slots) ?? (closers.length > 0 ? ctx.random.pick(closers) : 'Thanks for reading.')
}

/**
 * Whether the tool's prompt asks for a [placeholder] the user fills in ("Leave [First name] ...").
 * The writer leaves one only then: a tool's description announces what its prompt asks for.
 */
export function asksFor(ctx: RenderContext, placeholder: string): boolean {
  return ctx.instructions.includes(`[${placeholder}`)
}

/** A paragraph of escaped text. */
export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`
}

export function list(items: readonly string[], ordered = false): string {
  const tag = ordered ? 'ol' : 'ul'
  return `<${tag}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`
}

/** Removes emoji from the writer's own text (when the user asked for none); never used on a value. */
function withoutEmoji(text: string): string {
  return text
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,!?])/g, '$1')
    .trim()
}
