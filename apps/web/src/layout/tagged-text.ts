/** A text with one marked stretch, as the texts write it: `Made by <maker>the Promptly team</maker>`. */
export interface TaggedText {
  before: string
  /** The marked words; null when the text has no such tag (then `before` holds it all). */
  inside: string | null
  after: string
}

/**
 * Splits a text around its one `<tag>…</tag>`, for a component to draw the marked words its own way
 * (a link). react-i18next's <Trans> does this for any markup, at 5 kB of JavaScript that every page
 * would wait for before it hydrates (the footer uses it).
 */
export function splitTaggedText(text: string, tag: string): TaggedText {
  const open = `<${tag}>`
  const close = `</${tag}>`
  const start = text.indexOf(open)
  const end = start === -1 ? -1 : text.indexOf(close, start + open.length)
  if (end === -1) return { before: text, inside: null, after: '' }
  return {
    before: text.slice(0, start),
    inside: text.slice(start + open.length, end),
    after: text.slice(end + close.length),
  }
}
