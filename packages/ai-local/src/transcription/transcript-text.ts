/**
 * pocketsphinx hears lower-case words without punctuation, one line per stretch of speech between
 * pauses. The transcript reads better with each stretch as a sentence: a capital first, a full
 * stop last, and "I" upper-cased.
 */
export function transcriptFromUtterances(utterances: string[]): string {
  return utterances
    .map((utterance) => utterance.replace(/\s+/gu, ' ').trim())
    .filter((utterance) => utterance !== '')
    .map((utterance) => {
      const words = utterance.replace(/\bi\b/gu, 'I') // also "i'm", "i'll"
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`
    })
    .join(' ')
}
