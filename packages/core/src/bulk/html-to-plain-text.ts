import { Parser } from 'htmlparser2'

/**
 * A generation's stored HTML (sanitize-html.ts: formatting tags only) as plain text, for the CSV and
 * JSON Lines results of a bulk run. htmlparser2 tokenises and decodes the entities, as it does for
 * the sanitiser, so this needs no DOM and runs on the server.
 */

/** Blocks set apart by a blank line. The stored HTML has only some of these; the rest cost nothing. */
const PARAGRAPH_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'table',
  'figure',
  'dl',
])
/** Blocks on a line of their own. */
const LINE_TAGS = new Set(['tr', 'dt', 'dd', 'figcaption'])
const LIST_TAGS = new Set(['ul', 'ol'])
const CELL_TAGS = new Set(['td', 'th'])
/** Never text a reader should see. */
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'head', 'title'])

/** Whitespace as HTML collapses it (not the no-break space, which the author meant). */
const HTML_WHITESPACE = /[ \t\n\f\r]+/g

/**
 * The text of `html`: paragraphs, headings, quotes and lists set apart by a blank line; list items
 * and line breaks on lines of their own, items prefixed "- " (nested ones indented); whitespace
 * collapsed as a browser would outside <pre>; at most one blank line in a row; trimmed.
 */
export function htmlToPlainText(html: string): string {
  const text = new PlainText()
  let listDepth = 0
  let skipDepth = 0
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipDepth > 0 || SKIPPED_TAGS.has(name)) {
          skipDepth += 1
          return
        }
        if (name === 'br') text.lineBreak()
        else if (name === 'li') text.startItem(listDepth)
        else if (LIST_TAGS.has(name)) text.breakLines(listDepth++ === 0 ? 2 : 1)
        else if (PARAGRAPH_TAGS.has(name)) text.breakLines(2)
        else if (LINE_TAGS.has(name)) text.breakLines(1)
        else if (CELL_TAGS.has(name)) text.write(' ')
        if (name === 'pre') text.preDepth += 1
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth -= 1
          return
        }
        if (name === 'li') text.endItem()
        else if (LIST_TAGS.has(name)) text.breakLines(--listDepth === 0 ? 2 : 1)
        else if (PARAGRAPH_TAGS.has(name)) text.breakLines(2)
        else if (LINE_TAGS.has(name)) text.breakLines(1)
        if (name === 'pre') text.preDepth -= 1
      },
      ontext(chunk) {
        if (skipDepth === 0) text.write(chunk)
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  return text.toString()
}

/**
 * The text as it is written, in pieces (joined once at the end, so a long answer costs linear time),
 * with what the next piece needs to know: how many line breaks end the text, whether it ends in a
 * space, and the list marker waiting for its item's first words.
 */
class PlainText {
  /** Inside <pre>: whitespace kept as written. */
  preDepth = 0
  private readonly pieces: string[] = []
  private written = false
  private trailingBreaks = 0
  private endsInSpace = false
  private marker: string | null = null

  write(chunk: string): void {
    let piece = this.preDepth > 0 ? chunk.replace(/\r\n?/g, '\n') : chunk.replace(HTML_WHITESPACE, ' ')
    if (this.preDepth === 0 && (this.atLineStart() || this.endsInSpace)) piece = piece.replace(/^ /, '')
    if (piece === '') return
    if (this.marker !== null) {
      this.pieces.push(this.marker)
      this.marker = null
    }
    this.push(piece)
  }

  lineBreak(): void {
    // A break before an item's first words would leave its marker alone on a line.
    if (this.marker === null && this.written) this.push('\n')
  }

  /** Ends the current line with at least `count` line breaks; nothing before the first words. */
  breakLines(count: 1 | 2): void {
    if (this.marker !== null || !this.written || this.trailingBreaks >= count) return
    this.push('\n'.repeat(count - this.trailingBreaks))
  }

  startItem(listDepth: number): void {
    this.breakLines(1)
    this.marker = `${'  '.repeat(Math.max(listDepth - 1, 0))}- `
  }

  endItem(): void {
    this.marker = null
    this.breakLines(1)
  }

  toString(): string {
    return this.pieces
      .join('')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  }

  private atLineStart(): boolean {
    return !this.written || this.trailingBreaks > 0
  }

  private push(piece: string): void {
    this.pieces.push(piece)
    this.written = true
    const breaks = /\n*$/.exec(piece)?.[0].length ?? 0
    this.trailingBreaks = breaks === piece.length ? this.trailingBreaks + breaks : breaks
    this.endsInSpace = piece.endsWith(' ')
  }
}
