import { LABELS, MY_TOOLS } from '@promptly/core/catalogue/labels'
import { canonicalLabel } from '@promptly/core/catalogue/tool'

/** The label picker's suggestions: the fixed list, less My Tools, which is a per-user view and never stored. */
export const BUILDER_LABEL_OPTIONS: readonly string[] = LABELS.filter((label) => label !== MY_TOOLS)

/** Spec section 9: the suggestion list is at most 300 px high and scrolls beyond. */
export const LABEL_LIST_MAX_HEIGHT = 300

function sameLabel(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/** Options not chosen yet whose text holds the query, in any case (spec: case-insensitive substring match). */
export function matchingLabels(options: readonly string[], chosen: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase()
  return options.filter(
    (option) => !chosen.some((label) => sameLabel(label, option)) && option.toLowerCase().includes(needle),
  )
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
