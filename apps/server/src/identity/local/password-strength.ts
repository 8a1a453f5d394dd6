import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

import { lazily } from '@promptly/core/lazily'
import { MESSAGES } from '@promptly/core/messages'

/** zxcvbn's 0..4 scale; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3

/**
 * Built on first use: the dictionaries (common passwords, English words, names) take a moment to
 * load and a server that never sees a password need not hold them. Levenshtein matching stays off:
 * it costs an order of magnitude more CPU per check, on a path anyone can call.
 */
const strengthEstimator = lazily(
  () =>
    new ZxcvbnFactory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
    }),
)

export type StrengthVerdict = { ok: true } | { ok: false; message: string }

/**
 * The one rule for new passwords (sign-up, reset, change), judged here on the server only: the
 * length limits live in the shared core schema; this refuses common and guessable ones. The
 * account's own name and address count as known words, so "ada.lovelace2026" is weak for Ada.
 */
export function judgePasswordStrength(password: string, accountWords: readonly string[] = []): StrengthVerdict {
  const result = strengthEstimator().check(password, accountWords.filter(Boolean).flatMap(wordsOf))
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true }
  const hint = result.feedback.warning ?? result.feedback.suggestions[0] ?? 'Add another word or two.'
  return { ok: false, message: `${MESSAGES.weakPasswordPrefix}${hint}` }
}

/** "ada@example.com" counts as itself and as "ada" and "example". */
function wordsOf(value: string): string[] {
  const lower = value.toLowerCase()
  return [lower, ...lower.split(/[^a-z0-9]+/).filter((part) => part.length >= 3)]
}
