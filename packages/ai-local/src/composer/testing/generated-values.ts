import type { FormElement, FormGroups } from '@promptly/core/catalogue/tool'
import type { GenerationValues } from '@promptly/core/generation/form-values'

import { mulberry32 } from '../seeded-random.ts'

/**
 * Seeded inputs for the composer's property test: what users type into a tool's form, from one
 * word to a dozen, in the four languages the interface speaks (English, Spanish, Hindi, Arabic:
 * Latin, Devanagari and Arabic scripts), with names, numbers, emojis, punctuation, "X and Y"
 * compounds, the same value in two fields and empty optional fields. Its random sequence is its
 * own (the composer's algorithm, a seed of its own), so a failure is reproduced from its seed alone.
 */

export interface InputSource {
  next(): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
  int(min: number, max: number): number
}

/** The same generator as the composer's, on a sequence of its own: an input is reproduced from its seed. */
export function inputSource(seed: number): InputSource {
  const next = mulberry32(seed)
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  }
}

type Language = 'en' | 'es' | 'hi' | 'ar'

/** Words unlikely to occur in the composer's own sentences, so a run of them in a reply is the user's. */
const WORDS: Record<Language, readonly string[]> = {
  en: [
    ...['harbour', 'ferry', 'violin', 'orchard', 'ceramic', 'mugs', 'lantern', 'glacier', 'bakery', 'sourdough'],
    ...['kayak', 'quilt', 'telescope', 'beekeeping', 'saddle', 'marble', 'cactus', 'pottery', 'walnut', 'canoe'],
    ...['falcon', 'meadow', 'copper', 'lagoon', 'tractor', 'origami', 'sushi', 'bicycle', 'nebula', 'compost'],
    ...['fjord', 'granite', 'parsnip', 'jigsaw', 'robotics', 'tulip', 'vinyl', 'zebra', 'indie', 'retro'],
    ...['cosy', 'rural', 'solar', 'vintage', 'handmade', 'knitting', 'espresso', 'pixel', 'lighthouse', 'crochet'],
    ...['developer', 'plumber', 'dentist', 'florist', 'welder', 'archivist', 'cyclists', 'gardeners', 'nurses'],
  ],
  es: [
    ...['cerámica', 'panadería', 'montaña', 'jardín', 'bicicleta', 'música', 'niños', 'ciudad', 'verano'],
    ...['artesanía', 'pequeña', 'educación', 'cocina', 'huerto', 'mariposa', 'guitarra', 'sendero', 'tejido'],
  ],
  hi: [
    ...['कॉफ़ी', 'खेल', 'डिज़ाइन', 'बगीचा', 'संगीत', 'किताब', 'यात्रा', 'रसोई', 'बच्चे', 'शहर', 'पहाड़'],
    ...['स्वास्थ्य', 'मिट्टी', 'कारीगर', 'चित्रकला'],
  ],
  ar: [
    ...['قهوة', 'تصميم', 'ألعاب', 'حديقة', 'موسيقى', 'كتاب', 'سفر', 'مطبخ', 'أطفال', 'مدينة', 'جبل'],
    ...['صحة', 'فخار', 'حرفي', 'رسم'],
  ],
}

const AND: Record<Language, string> = { en: 'and', es: 'y', hi: 'और', ar: 'و' }

const NAMES = [
  'Priya Nair',
  'Sunny Crumbs',
  'Northwind Bikes',
  "O'Brien & Daughters",
  'McKinley Studio',
  'José Álvarez',
  'Fernway',
  'Loop Analytics',
  'राहुल शर्मा',
  'ليلى حسن',
]
const NUMBERS = ['3', '2,000', '30%', '1.5 kg', '24/7', '$600', '12', '2026', '9am']
const EMOJIS = ['☕', '🎮', '🌱', '🚀', '👩‍💻', '✨', '🇪🇸']
const INNER_PUNCTUATION = [',', ':', ' —', ' &', '!', '?', ';']
const ENDINGS = ['', '', '', '.', '!', '?', '…']

export type PhraseKind = 'plain' | 'compound' | 'name' | 'number' | 'emoji' | 'punctuation'
const PHRASE_KINDS: readonly PhraseKind[] = ['plain', 'plain', 'compound', 'name', 'number', 'emoji', 'punctuation']

function language(source: InputSource): Language {
  const roll = source.next()
  return roll < 0.55 ? 'en' : roll < 0.7 ? 'es' : roll < 0.85 ? 'hi' : 'ar'
}

function words(source: InputSource, lang: Language, count: number): string[] {
  return Array.from({ length: count }, () => source.pick(WORDS[lang]))
}

/** A phrase of one to twelve words of one kind; capitalised like a field's first word, half the time. */
export function phrase(source: InputSource, kind: PhraseKind = source.pick(PHRASE_KINDS)): string {
  const lang = language(source)
  const plain = words(source, lang, source.int(1, 12))
  let parts: string[]
  switch (kind) {
    case 'plain':
      parts = plain
      break
    case 'compound':
      parts = [...words(source, lang, source.int(1, 5)), AND[lang], ...words(source, lang, source.int(1, 5))]
      break
    case 'name':
      parts = [source.pick(NAMES), ...words(source, lang, source.int(0, 6))]
      break
    case 'number':
      parts = plain.slice(0, 11)
      parts.splice(source.int(0, parts.length), 0, source.pick(NUMBERS))
      break
    case 'emoji':
      parts = plain.slice(0, 11)
      parts.splice(source.int(0, parts.length), 0, source.pick(EMOJIS))
      break
    case 'punctuation': {
      parts = plain.length > 1 ? plain : [...plain, ...words(source, lang, 2)]
      const at = source.int(0, parts.length - 2)
      parts[at] = `${parts[at]}${source.pick(INNER_PUNCTUATION)}`
      break
    }
  }
  const text = `${parts.join(' ')}${kind === 'punctuation' || source.chance(0.2) ? source.pick(ENDINGS) : ''}`
  return source.chance(0.5) ? text.charAt(0).toUpperCase() + text.slice(1) : text
}

/** What the generator typed into one tool's form, and how (for the failure message). */
export interface GeneratedInput {
  values: GenerationValues
  /** One line per text field: its label, how it was made and the value. */
  described: string[]
}

const TEXT_TYPES_WITH_OPTIONS = new Set(['select', 'tone'])

/**
 * Values for a whole form: toggles on or off, a random option for choices, and for text fields a
 * phrase, nothing (optional fields, about a third of the time) or the value of an earlier field.
 */
export function generatedInput(groups: FormGroups, source: InputSource): GeneratedInput {
  const typed: string[] = []
  const described: string[] = []
  const values = groups.map((group) =>
    group.map((element: FormElement): string | boolean => {
      if (element.type === 'switch' || element.type === 'checkbox') return source.chance(0.5)
      if (TEXT_TYPES_WITH_OPTIONS.has(element.type)) return source.pick(element.options)
      if (!element.required && source.chance(0.35)) {
        described.push(`${element.text}: (empty)`)
        return ''
      }
      const earlier = typed.length > 0 && source.chance(0.12) ? source.pick(typed) : null
      const kind = source.pick(PHRASE_KINDS)
      const value = (earlier ?? phrase(source, kind)).trim()
      typed.push(value)
      described.push(`${element.text} (${earlier === null ? kind : 'same as another field'}): ${JSON.stringify(value)}`)
      return value
    }),
  )
  return { values, described }
}
