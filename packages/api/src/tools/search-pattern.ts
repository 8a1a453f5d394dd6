import { ALL_TOOLS } from '@promptly/core/catalogue/labels'

/**
 * Pure pieces of catalogue search, kept apart from SQL so each rule has its own unit test.
 */

/**
 * `text` as a LIKE/ILIKE pattern that matches it literally: `\`, `%` and `_` are escaped with
 * backslash, PostgreSQL's default LIKE escape character. Regex characters (`(`, `.*`) mean nothing
 * to LIKE and need no escaping.
 */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** The ILIKE pattern for "contains `text`", every character literal. */
export function containsPattern(text: string): string {
  return `%${escapeLikePattern(text)}%`
}

/**
 * What a search actually looks for: the trimmed text, or null when nothing is left to search for.
 * A NUL character cannot occur in stored text (PostgreSQL rejects it in parameters), so text
 * containing one matches nothing rather than failing.
 */
export function normalizeSearchText(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed.includes('\u0000')) return null
  return trimmed
}

/**
 * The labels in use whose text contains the search text, case-insensitively. The query then asks
 * for tools carrying any of them (`labels && ...`, served by the GIN index on labels) instead of
 * scanning every tool's label list. All Tools is on every tool, so matching it ("tools", "all")
 * would turn a search into the whole catalogue: it is left out.
 */
export function labelsMatching(labelsInUse: readonly string[], searchText: string): string[] {
  const needle = searchText.toLowerCase()
  return labelsInUse.filter((label) => label !== ALL_TOOLS && label.toLowerCase().includes(needle))
}
