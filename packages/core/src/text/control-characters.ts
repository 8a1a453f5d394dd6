import { z } from 'zod'

import { hasUnsafeCharacter, type ControlCharacterRule } from './unsafe-characters.ts'

/**
 * The zod check: `z.string().max(200).check(noControlCharacters('A clerkId cannot hold control characters'))`.
 * Refuses unpaired surrogates too. Placed after `.trim()`, so a stray line break around a one-line
 * value is trimmed, not refused.
 */
export function noControlCharacters(message: string, rule: ControlCharacterRule = {}) {
  return z.refine<string>((text) => !hasUnsafeCharacter(text, rule), message)
}
