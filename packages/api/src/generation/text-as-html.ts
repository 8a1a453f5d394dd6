const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Plain text (a paraphrase, a transcript, an image prompt) as the HTML history stores for every
 * generation: one paragraph per non-empty line, every character escaped with the sanitiser's own
 * entities, so history's preview and search read it exactly as they read generic tools' output.
 */
export function textAsHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${line.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)}</p>`)
    .join('')
}
