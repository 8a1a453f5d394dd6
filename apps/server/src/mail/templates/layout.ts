/** What a template makes; the caller adds the recipient. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value that goes into a message's HTML passes through here: a name like `<script>` stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)
}

/** A block of a message: a paragraph of text, or a link shown as a button (HTML) or on its own line (text). */
export type MailBlock = { text: string } | { label: string; href: string }

/** Plain text and HTML from the same blocks, so the two parts always say the same thing. */
export function renderMail(subject: string, greetingName: string, blocks: readonly MailBlock[]): MailContent {
  const greeting = `Hello ${greetingName},`
  const text = [greeting, ...blocks.map((block) => ('text' in block ? block.text : `${block.label}: ${block.href}`))]
    .join('\n\n')
    .concat('\n\n— Promptly\n')
  const body = blocks
    .map((block) =>
      'text' in block
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<p><a href="${escapeHtml(block.href)}" style="${BUTTON_STYLE}">${escapeHtml(block.label)}</a></p>`,
    )
    .join('\n')
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">
<p>${escapeHtml(greeting)}</p>
${body}
<p>— Promptly</p>
</body></html>
`
  return { subject, text, html }
}

const BUTTON_STYLE = [
  'display: inline-block',
  'padding: 10px 16px',
  'background: #1c5fb8',
  'color: #ffffff',
  'border-radius: 6px',
  'text-decoration: none',
].join('; ')
