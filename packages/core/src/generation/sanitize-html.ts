import { Parser } from 'htmlparser2'

/**
 * The HTML a generation may contain, kept on the server before it is stored and again in the
 * browser before it is rendered. Same code on both sides: htmlparser2's tokenizer needs
 * no DOM, so Node and the browser agree on what is kept.
 *
 * Why a rebuild instead of a filter: the output is written from scratch. Only allow-listed tags
 * are emitted, with only the attributes named here, always double-quoted and escaped, and every
 * piece of text is escaped. Nothing of the input's markup is copied through, so a parser quirk in
 * the input (malformed tags, comments, CDATA, foreign content) cannot survive into the output, and
 * none of the allowed tags is a raw-text or foreign-content element the browser would re-parse.
 */

/** Formatting only: no media, no forms, no tables, nothing that loads or runs anything. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'span',
  'a',
] as const
export type AllowedTag = (typeof ALLOWED_TAGS)[number]

const allowedTags = new Set<string>(ALLOWED_TAGS)
const VOID_TAGS = new Set(['br', 'hr'])

/**
 * Elements dropped together with everything inside them: code, styles, embedded documents and
 * foreign content (SVG and MathML carry their own scripting and parsing rules). Any other
 * disallowed element loses its tag but keeps its text.
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'head',
  'audio',
  'video',
  'canvas',
  'picture',
  'map',
])

/** Disallowed block elements whose text is kept: a line break keeps their words apart. */
const BLOCK_TAGS_KEPT_AS_TEXT = new Set([
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'table',
  'tr',
  'td',
  'th',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'h5',
  'h6',
])

/** Every link opens in a new tab without handing the opener, the referrer or ranking to the target. */
export const LINK_REL = 'noopener noreferrer nofollow'
const SAFE_URL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** Returns HTML holding only the allow-listed formatting of `html`; everything else is dropped or escaped. */
export function sanitizeHtml(html: string): string {
  const output: string[] = []
  /** The allowed elements currently open in the output, innermost last. */
  const openInOutput: string[] = []
  /** Open elements of the input, each noted with whether the output got its tag. */
  const openInInput: Array<{ name: string; emitted: boolean }> = []
  let droppedDepth = 0

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (droppedDepth > 0 || DROPPED_WITH_CONTENT.has(name)) {
          droppedDepth += 1
          return
        }
        const tag = allowedTags.has(name) ? openingTag(name, attributes) : null
        if (tag === null) {
          if (BLOCK_TAGS_KEPT_AS_TEXT.has(name)) output.push('\n')
          openInInput.push({ name, emitted: false })
          return
        }
        output.push(tag)
        if (VOID_TAGS.has(name)) {
          openInInput.push({ name, emitted: false })
        } else {
          openInInput.push({ name, emitted: true })
          openInOutput.push(name)
        }
      },
      onclosetag() {
        if (droppedDepth > 0) {
          droppedDepth -= 1
          return
        }
        const opened = openInInput.pop()
        if (!opened) return
        if (!opened.emitted) {
          if (BLOCK_TAGS_KEPT_AS_TEXT.has(opened.name)) output.push('\n')
          return
        }
        // htmlparser2 reports opens and closes in balanced pairs, so the innermost open output
        // element is this one; closing "up to" it is a guard that keeps the output balanced anyway.
        const depth = openInOutput.lastIndexOf(opened.name)
        while (depth >= 0 && openInOutput.length > depth) output.push(`</${openInOutput.pop()}>`)
      },
      ontext(text) {
        if (droppedDepth === 0) output.push(escapeText(text))
      },
      // Comments, CDATA sections and processing instructions have no handler: they are dropped.
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()
  while (openInOutput.length > 0) output.push(`</${openInOutput.pop()}>`)
  return output.join('')
}

function openingTag(name: string, attributes: Record<string, string>): string | null {
  if (name === 'a') {
    const href = safeLinkHref(attributes.href ?? '')
    if (href === null) return null
    const title = attributes.title ? ` title="${escapeAttribute(attributes.title)}"` : ''
    return `<a href="${escapeAttribute(href)}"${title} rel="${LINK_REL}" target="_blank">`
  }
  if (name === 'ol' && attributes.start !== undefined && /^\d{1,4}$/.test(attributes.start)) {
    return `<ol start="${attributes.start}">`
  }
  return `<${name}>`
}

/**
 * The canonical form of an absolute http(s) or mailto URL, or null. The value arrives with
 * entities already decoded (`jav&#x09;ascript:` is `jav\tascript:` here); browsers ignore tabs,
 * line breaks and surrounding control characters in URLs, so they are removed before the scheme
 * is judged, and the URL parser's own serialisation is what gets written back.
 */
export function safeLinkHref(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (compact === '') return null
  let url: URL
  try {
    url = new URL(compact)
  } catch {
    return null // relative, protocol-relative or malformed: not a link we vouch for
  }
  if (!SAFE_URL_PROTOCOLS.has(url.protocol)) return null
  if (url.protocol !== 'mailto:' && url.hostname === '') return null
  return url.href
}

function escapeText(text: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is never meaningful in text
  const withoutNul = text.replace(/\u0000/g, '')
  return withoutNul.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;')
}

/**
 * The HTML inside a model's answer. Models often wrap HTML in a Markdown code fence, and the legacy
 * prompts asked for a JSON object `{ "output": "<p>...</p>" }` (the spec's getResponseOfObject
 * reply); both are unwrapped here. The result still needs `sanitizeHtml`.
 */
export function extractOutputHtml(text: string): string {
  let body = text.trim()
  const fenced = /```(?:html|json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/i.exec(body)
  if (fenced?.[1] !== undefined) body = fenced[1].trim()
  const first = body.indexOf('{')
  const last = body.lastIndexOf('}')
  if (first === 0 && last === body.length - 1) {
    const output = outputField(body)
    if (output !== null) return output.trim()
  }
  return body
}

function outputField(json: string): string | null {
  try {
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed === 'object' && parsed !== null && 'output' in parsed && typeof parsed.output === 'string') {
      return parsed.output
    }
  } catch {
    // Not JSON after all: the text itself is the answer.
  }
  return null
}
