import type { ContentRole, RoleValues } from './role-values.ts'
import type { Random } from './seeded-random.ts'

/**
 * The writer's templates name role slots in braces: {who}, {product}, {topic}, {topic2} (a second
 * topic value), {audience}, {cta} (the call to action), {keyword}. A capitalised name ({Who})
 * starts a sentence. A slot takes one value of its role, whole; a template is usable in an option
 * only when each of its slots has a value and that value is not said in the option yet, so no
 * option says a value twice and none says a value in another role's place.
 */

const SLOT_ROLES = {
  who: ['who', 0],
  product: ['product', 0],
  topic: ['topic', 0],
  topic2: ['topic', 1],
  audience: ['audience', 0],
  cta: ['call_to_action', 0],
  keyword: ['keyword', 0],
} as const satisfies Record<string, readonly [ContentRole, number]>
export type SlotName = keyof typeof SLOT_ROLES

const SLOT = /\{([A-Za-z]+[0-9]?)\}/g

/** One option's slot values and what it has said so far. */
export interface Slots {
  readonly values: Readonly<Partial<Record<SlotName, string>>>
  /** The values said in this option, lower-cased. */
  readonly said: Set<string>
}

function isSlotName(name: string): name is SlotName {
  return Object.hasOwn(SLOT_ROLES, name)
}

/**
 * The slots of the `index`-th option: a role with several values gives each option another one
 * first, so that across the options every value is said.
 */
export function optionSlots(values: RoleValues, index = 0): Slots {
  const slotValues: Partial<Record<SlotName, string>> = {}
  for (const [slot, [role, offset]] of Object.entries(SLOT_ROLES) as Array<
    [SlotName, readonly [ContentRole, number]]
  >) {
    const list = values[role]
    if (list.length > offset) slotValues[slot] = list[(index + offset) % list.length]
  }
  return { values: slotValues, said: new Set() }
}

function slotKey(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1)
}

/** Whether every slot of the template has a value this option has not said yet. */
export function canFill(template: string, slots: Slots): boolean {
  const wanted = new Set<string>()
  for (const match of template.matchAll(SLOT)) {
    const name = slotKey(match[1] ?? '')
    const value = isSlotName(name) ? slots.values[name] : undefined
    if (value === undefined) return false
    const key = value.toLocaleLowerCase()
    if (slots.said.has(key) || wanted.has(key)) return false
    wanted.add(key)
  }
  return true
}

/** The template with its slots filled (call canFill first); marks the values as said. */
export function fillSlots(template: string, slots: Slots): string {
  const filled = template.replace(SLOT, (whole, name: string) => {
    const key = slotKey(name)
    const value = isSlotName(key) ? slots.values[key] : undefined
    if (value === undefined) return whole
    slots.said.add(value.toLocaleLowerCase())
    return /^[A-Z]/.test(name) ? startOfSentence(value) : inSentence(value)
  })
  // A value that ends in "!" or "?" closes the sentence itself.
  return filled.replace(/([!?…])\.(?=\s|$)/gu, '$1')
}

/** A usable template, filled, chosen at random; null when none is usable. */
export function pickFilled(random: Random, templates: readonly string[], slots: Slots): string | null {
  const usable = templates.filter((template) => canFill(template, slots))
  if (usable.length === 0) return null
  return fillSlots(random.pick(usable), slots)
}

/** Says a value outside a template (a list item, a heading): marks it as said. */
export function say(value: string, slots: Slots): string {
  slots.said.add(value.toLocaleLowerCase())
  return value
}

/** A value at the start of a sentence: its first letter capitalised, nothing else changed. */
export function startOfSentence(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1)
}

/**
 * A value inside a sentence: a sentence-cased phrase ("Indie game developer") reads with a small
 * first letter; a name, an acronym or a single capitalised word ("Fernway") keeps its capitals.
 */
export function inSentence(value: string): string {
  const words = value.split(' ')
  const [first = ''] = words
  const sentenceCased =
    words.length > 1 && /^\p{Lu}\p{Ll}+$/u.test(first) && words.slice(1).every((word) => !/^\p{Lu}/u.test(word))
  return sentenceCased ? first.charAt(0).toLocaleLowerCase() + value.slice(1) : value
}
