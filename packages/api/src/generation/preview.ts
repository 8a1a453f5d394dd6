import { PREVIEW_LENGTH } from './history.schema.ts'

/** Tags after which the text reads as a new sentence or line, so words do not run together. */
const BREAKING_TAG = /<\/?(?:p|br|li|ul|ol|h[1-6]|blockquote|pre|hr)\b[^>]*>/gi
const ANY_TAG = /<[^>]*>/g
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }

/**
 * A plain-text preview of sanitised HTML for history rows: tags dropped (block tags become spaces),
 * the sanitiser's entities decoded, whitespace collapsed, cut at a word near `length` with an
 * ellipsis. The result is text, never markup: the client renders it as text.
 */
export function plainTextPreview(html: string, length = PREVIEW_LENGTH): string {
  const text = html
    .replace(BREAKING_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= length) return text
  const cut = text.slice(0, length - 1)
  const lastSpace = cut.lastIndexOf(' ')
  // Cut at the last word boundary unless that would throw away most of the preview.
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}
