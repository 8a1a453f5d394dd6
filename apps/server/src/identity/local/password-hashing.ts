import { randomBytes } from 'node:crypto'
import { hash, parseOptions, verify, type Options } from '@node-rs/argon2'

import { lazily } from '@promptly/core/lazily'

/**
 * Argon2id with the OWASP Password Storage Cheat Sheet's first recommended setting
 * (m = 19 MiB, t = 2, p = 1): tens of milliseconds per hash, slow for guessing, quick for a sign-in.
 * `algorithm: 2` is Argon2id: the package's `Algorithm` is a const enum, which
 * `isolatedModules` cannot read, so the number is spelled out here once.
 */
const ARGON2ID = 2
const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS)
}

/** False for a wrong password and for a stored value that is not an Argon2 hash at all. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

/** True when a hash was made with older settings: it is replaced at the next successful sign-in. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash)
    return (
      used.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      used.memoryCost !== PASSWORD_HASH_OPTIONS.memoryCost ||
      used.timeCost !== PASSWORD_HASH_OPTIONS.timeCost ||
      used.parallelism !== PASSWORD_HASH_OPTIONS.parallelism
    )
  } catch {
    return true
  }
}

/** Makes the dummy hash ahead of time, so even the first unknown-e-mail sign-in costs only a verify. */
export const prepareDummyHash: () => Promise<string> = lazily(() => hashPassword(randomBytes(32).toString('base64url')))

/**
 * Spends the same work as a real check when the e-mail is unknown, so response time does not
 * tell an attacker which addresses have accounts. The dummy hash matches no password anyone sends.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password)
  return false
}
