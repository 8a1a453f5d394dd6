export const ELLIPSIS = '...'

/**
 * The first `max` characters of `text` plus '...', or `text` unchanged when it fits. Counts
 * characters, not UTF-16 units, so an emoji is never cut in half; a space left at the cut is dropped.
 */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text)
  if (characters.length <= max) return text
  return characters.slice(0, max).join('').trimEnd() + ELLIPSIS
}
