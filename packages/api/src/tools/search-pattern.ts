import { ALL_TOOLS } from '@promptly/core/catalogue/labels'
import { hasUnsafeCharacter } from '@promptly/core/text/unsafe-characters'

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
 * What a search actually looks for: the trimmed text in Unicode NFC, or null when nothing is left to
 * search for. The tool write schema stores names, taglines and labels in NFC, so "Café" typed with a
 * combining accent (NFD, as some keyboards and macOS file names produce) finds the stored "Café".
 * Those texts are single lines too (the write schema refuses control characters), so text holding a
 * control character (or an unpaired surrogate) can match none of them: it finds nothing rather than
 * reaching SQL, where NUL fails as a parameter and U+001F, the separator in the search column,
 * could match across a name
 * and its tagline.
 */
export function normalizeSearchText(text: string): string | null {
  const normalized = text.trim().normalize('NFC')
  if (normalized === '' || hasUnsafeCharacter(normalized)) return null
  return normalized
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
