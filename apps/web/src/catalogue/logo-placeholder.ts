/**
 * Backgrounds for a logo's stand-in, white text on each at 5:1 or more (WCAG AA): Mantine's blue 8,
 * violet 8, grape 8, teal 9, indigo 8, pink 8 and cyan 9.
 */
const PLACEHOLDER_COLORS = [
  'var(--mantine-color-blue-8)',
  'var(--mantine-color-violet-8)',
  'var(--mantine-color-grape-8)',
  'var(--mantine-color-teal-9)',
  'var(--mantine-color-indigo-8)',
  'var(--mantine-color-pink-8)',
  'var(--mantine-color-cyan-9)',
] as const

/** The first letter of a tool's name, capitalised ('' for no name). */
export function toolInitial(name: string): string {
  const first = Array.from(name.trim())[0] ?? ''
  return first.toLocaleUpperCase()
}

/**
 * A colour that stays the tool's own (the same on the server and in every browser, so the page
 * hydrates unchanged), from a hash of its name: neighbouring cards mostly differ.
 */
export function placeholderColor(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return PLACEHOLDER_COLORS[hash % PLACEHOLDER_COLORS.length]!
}
