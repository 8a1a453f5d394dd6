import { createHash, randomBytes } from 'node:crypto'

/**
 * Every key starts with this, so a key pasted into a chat or committed to a repository is
 * recognisable at a glance and by secret scanners (a fixed prefix plus a fixed-length body is the
 * pattern they register), and the REST adapter can tell a key from a session token by its first
 * characters alone.
 */
export const API_KEY_PREFIX = 'prly_'

/** 32 random bytes, base64url: 43 characters, 256 bits that cannot be guessed. */
const SECRET_BYTES = 32
const KEY_PATTERN = /^prly_[A-Za-z0-9_-]{43}$/

/** How much of the key is kept in clear for display ("prly_AbCdEfG…"): the prefix and 7 characters. */
export const DISPLAY_PREFIX_LENGTH = 12

export interface NewApiKeySecret {
  /** The full key, shown to its owner once and never stored. */
  key: string
  /** SHA-256 of the key, hex: what is stored and looked up. */
  keyHash: string
  /** The key's first characters, stored for display. */
  prefix: string
}

export function generateApiKeySecret(): NewApiKeySecret {
  const key = `${API_KEY_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) }
}

/**
 * A fast hash is enough here: the key is 256 random bits, so no dictionary or brute force applies
 * (unlike a password), and a lookup by hash must be cheap on every API call.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** Whether a Bearer token claims to be an API key (it may still be unknown or revoked). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX)
}

/** Whether the token has the exact shape of a key this server issues. */
export function isWellFormedApiKey(token: string): boolean {
  return KEY_PATTERN.test(token)
}
