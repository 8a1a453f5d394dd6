import { swapWords } from './lexical-swaps.ts'
import { reorderClauses, restate, splitSentences, toggleContractions, varyConnectives } from './phrasing.ts'

/**
 * The local model's paraphraser: a lexical one (no language model can run here). Each line is
 * rewritten on its own, so the answer has one line per line of the text, blank lines included:
 * content words get synonyms from WordNet, connectives get their equivalents, an adverbial clause
 * may move to the other end of its sentence. Names, numbers and punctuation stay as they are. The
 * same text always gives the same paraphrase, and never the text itself.
 */
export function paraphrase(text: string): string {
  // Odd indexes hold the line breaks, kept as they were (\n or \r\n).
  const parts = text.split(/(\r?\n)/)
  const rewritten = parts.map((part, index) => (index % 2 === 1 ? part : paraphraseLine(part)))
  if (rewritten.join('') !== text) return rewritten.join('')
  const firstWithWords = rewritten.findIndex((part, index) => index % 2 === 0 && /\p{L}|\p{N}/u.test(part))
  if (firstWithWords === -1) return text.trim() ? `In other words: ${text}` : text
  const line = rewritten[firstWithWords] ?? ''
  rewritten[firstWithWords] = restate(line, swapWords(line).properWords)
  return rewritten.join('')
}

function paraphraseLine(line: string): string {
  if (!line.trim()) return line
  const swapped = swapWords(line)
  const rephrased = splitSentences(varyConnectives(swapped.text))
    .map((sentence) => reorderClauses(sentence, swapped.properWords))
    .join('')
  return rephrased === line ? toggleContractions(line) : rephrased
}
