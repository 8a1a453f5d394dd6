/**
 * The paraphrase result as the screen shows it: one paragraph per line of the answer (the server
 * keeps one output line per input line), blank lines dropped so empty paragraphs do not pad it.
 */
export function resultLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
