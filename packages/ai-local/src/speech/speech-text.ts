/**
 * Prepares the text flite reads: plain spaces, no control characters, and cut into short pieces.
 *
 * Why pieces: under node:wasi, one flite run over 1,000 to 1,500 characters with the slt, awb or
 * rms voice crashed the whole process here (its memory grows by about 60 MB per 1,000
 * characters). Pieces of about 300 characters stay near 30 MB, and the pieces of a long text can
 * be spoken on both cores at once. Cuts fall between sentences first, then between clauses, then
 * between words, where a pause sounds natural anyway.
 */

export const MAX_PIECE_CHARS = 300

const TYPOGRAPHIC_REPLACEMENTS: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u2032]/gu, "'"],
  [/[\u201C\u201D\u201E\u2033]/gu, '"'],
  [/[\u2013\u2014\u2212]/gu, ' - '],
  [/\u2026/gu, '...'],
]

/** The input as flite should read it. flite reads bytes as Latin text, so accents are dropped. */
export function speakableText(input: string): string {
  let text = input.normalize('NFKD').replace(/\p{M}/gu, '')
  for (const [pattern, replacement] of TYPOGRAPHIC_REPLACEMENTS) text = text.replace(pattern, replacement)
  return text
    .replace(/[^\x20-\x7E\s]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
}

/** Where a piece may end, from the most natural pause to the least. */
const BREAKS = [/(?<=[.!?]["')\]]*)\s+/u, /(?<=[,;:])\s+|\s+(?=-\s)/u, /\s+/u]

/** Cuts the text into pieces of at most `maxChars`, packing whole sentences together when they fit. */
export function splitIntoPieces(text: string, maxChars = MAX_PIECE_CHARS): string[] {
  const trimmed = text.trim()
  return trimmed === '' ? [] : pieces(trimmed, maxChars, 0)
}

function pieces(text: string, maxChars: number, level: number): string[] {
  if (text.length <= maxChars) return [text]
  const pattern = BREAKS[level]
  if (!pattern) return hardCut(text, maxChars)
  const parts = text.split(pattern).filter((part) => part !== '')
  if (parts.length === 1) return pieces(text, maxChars, level + 1)
  const packed: string[] = []
  let current = ''
  for (const part of parts) {
    for (const piece of pieces(part, maxChars, level + 1)) {
      if (current === '') current = piece
      else if (current.length + 1 + piece.length <= maxChars) current = `${current} ${piece}`
      else {
        packed.push(current)
        current = piece
      }
    }
  }
  if (current !== '') packed.push(current)
  return packed
}

/** A "word" longer than a piece (a pasted hash, a URL) is simply cut. */
function hardCut(text: string, maxChars: number): string[] {
  const cut: string[] = []
  for (let start = 0; start < text.length; start += maxChars) cut.push(text.slice(start, start + maxChars))
  return cut
}
