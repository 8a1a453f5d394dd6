/**
 * Word error rate: the word-level edit distance (substitutions + deletions + insertions) between
 * what was said and what was heard, divided by the number of words said. Both sides are
 * normalised first (lower case, no punctuation), so "Fox." and "fox" count as the same word.
 * The speech round-trip test and the measuring script use it to judge the local recogniser.
 */

/** Lower-cased words; apostrophes inside words stay ("don't"), other punctuation goes. */
export function normalizedWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/gu, ''))
    .filter((word) => word !== '')
}

/** The number of word edits that turn `reference` into `hypothesis`. */
export function wordEditDistance(reference: string[], hypothesis: string[]): number {
  // One row of the Levenshtein table at a time: previous[j] is the distance between the
  // reference words so far and the first j hypothesis words.
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index)
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1)
      const deletion = (previous[j] ?? 0) + 1
      const insertion = (current[j - 1] ?? 0) + 1
      current.push(Math.min(substitution, deletion, insertion))
    }
    previous = current
  }
  return previous[hypothesis.length] ?? 0
}

/**
 * 0 when every word was heard right; can exceed 1 when the hypothesis adds many words. With an
 * empty reference it is 0 for an empty hypothesis and 1 otherwise.
 */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const said = normalizedWords(reference)
  const heard = normalizedWords(hypothesis)
  if (said.length === 0) return heard.length === 0 ? 0 : 1
  return wordEditDistance(said, heard) / said.length
}
