import type { TFunction } from 'i18next'

import { LABELS, MY_TOOLS, type Label } from '@promptly/core/catalogue/labels'
import { canonicalLabel } from '@promptly/core/catalogue/tool'

/** The label picker's suggestions: the fixed list, less My Tools, which is a per-user view and never stored. */
export const BUILDER_LABEL_OPTIONS: readonly string[] = LABELS.filter((label) => label !== MY_TOOLS)

/** Each fixed label's display name: the stored label stays the English one, the picker shows this. */
const LABEL_NAME_KEYS = {
  'All Tools': 'builder.labels.names.allTools',
  'In Demand Tools': 'builder.labels.names.inDemand',
  "Social Media Bio's": 'builder.labels.names.socialBios',
  'My Tools': 'builder.labels.names.myTools',
  'Social Media Posts': 'builder.labels.names.socialPosts',
  'SEO Tools': 'builder.labels.names.seo',
  'Website Tools': 'builder.labels.names.website',
  'Paid Ad Tools': 'builder.labels.names.paidAds',
  'Image Generator': 'builder.labels.names.imageGenerator',
  'Image Resizers': 'builder.labels.names.imageResizers',
  'Language Translator': 'builder.labels.names.translator',
  'Video Downloaders': 'builder.labels.names.videoDownloaders',
  'Email Tools': 'builder.labels.names.email',
  'Paraphrase Tools': 'builder.labels.names.paraphrase',
  'Blog Creator': 'builder.labels.names.blog',
  'Audio Tools': 'builder.labels.names.audio',
  'Article Creator': 'builder.labels.names.article',
  Newsletters: 'builder.labels.names.newsletters',
  'Press Releases': 'builder.labels.names.pressReleases',
  Facebook: 'builder.labels.names.facebook',
  Instagram: 'builder.labels.names.instagram',
  YouTube: 'builder.labels.names.youtube',
  'Threads caption, title and description generators': 'builder.labels.names.threads',
  'Upcoming Tools': 'builder.labels.names.upcoming',
} as const satisfies Record<Label, string>

function isFixedLabel(label: string): label is Label {
  return Object.hasOwn(LABEL_NAME_KEYS, label)
}

/** What a label reads as in the picker: a fixed label in the reader's language, any other as written. */
export function labelName(t: TFunction<'admin'>, label: string): string {
  return isFixedLabel(label) ? t(LABEL_NAME_KEYS[label]) : label
}

/** Spec section 9: the suggestion list is at most 300 px high and scrolls beyond. */
export const LABEL_LIST_MAX_HEIGHT = 300

function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * Options not chosen yet whose shown name holds the query, in any case (spec: case-insensitive
 * substring match). `nameOf` is what the picker shows for an option; by default the option itself.
 */
export function matchingLabels(
  options: readonly string[],
  chosen: readonly string[],
  query: string,
  nameOf: (label: string) => string = (label) => label,
): string[] {
  const needle = query.trim().toLowerCase()
  return options.filter(
    (option) => !chosen.some((label) => sameLabel(label, option)) && nameOf(option).toLowerCase().includes(needle),
  )
}

/** The option whose shown name is `text` in any case, so a name typed in full adds its stored label. */
export function optionNamed(options: readonly string[], text: string, nameOf: (label: string) => string): string {
  return options.find((option) => sameLabel(nameOf(option), text.trim())) ?? text
}

/**
 * The chips with `text` added: trimmed, in the listed spelling when it names a listed label in
 * another case, and not again when a chip already says it. The same array when nothing changes.
 */
export function withLabel(chosen: readonly string[], text: string): readonly string[] {
  const label = canonicalLabel(text)
  if (label === '' || chosen.some((existing) => sameLabel(existing, label))) return chosen
  return [...chosen, label]
}

/** The next highlighted option for an arrow key, wrapping at both ends; -1 highlights none. */
export function stepHighlight(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1
  if (current < 0) return step === 1 ? 0 : count - 1
  return (current + step + count) % count
}
