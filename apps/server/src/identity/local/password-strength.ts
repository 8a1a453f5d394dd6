import { lazily } from '@promptly/core/lazily'
import { MESSAGES } from '@promptly/core/messages'

/** zxcvbn's 0..4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3

/**
 * Loaded and built on first use: the dictionaries (common passwords, English words, names) take
 * ~90 ms and 11 MB of heap to load, and a server that never sees a password (Clerk's, or one not
 * yet asked) need not hold them. Levenshtein matching stays off: it costs an order of magnitude
 * more CPU per check, on a path anyone can call.
 */
const strengthEstimator = lazily(async () => {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
  return new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  })
})

export type StrengthVerdict = { ok: true } | { ok: false; message: string }

/**
 * The one rule for new passwords (sign-up, reset, change), judged here on the server only: the
 * length limits live in the shared core schema; this refuses common and guessable ones. The
 * account's own name and address count as known words, so "ada.lovelace2026" is weak for Ada.
 */
export async function judgePasswordStrength(
  password: string,
  accountWords: readonly string[] = [],
): Promise<StrengthVerdict> {
  const result = (await strengthEstimator()).check(password, accountWords.filter(Boolean).flatMap(wordsOf))
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true }
  const hint = result.feedback.warning ?? result.feedback.suggestions[0] ?? 'Add another word or two.'
  return { ok: false, message: `${MESSAGES.weakPasswordPrefix}${hint}` }
}

/** "ada@example.com" counts as itself and as "ada" and "example". */
function wordsOf(value: string): string[] {
  const lower = value.toLowerCase()
  return [lower, ...lower.split(/[^a-z0-9]+/).filter((part) => part.length >= 3)]
}
