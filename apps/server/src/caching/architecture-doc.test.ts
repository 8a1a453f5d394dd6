import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { BOOKMARK_SET_MAX_ENTRIES, BOOKMARK_SET_TTL_MS } from '@promptly/api/caching/bookmark-sets'
import { CATALOGUE_MAX_ENTRIES, CATALOGUE_TTL_MS } from '@promptly/api/caching/catalogue-cache'
import { CACHE_CHANNEL, CACHE_LISTENER_NAME } from '@promptly/api/caching/postgres-cache-bus'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { CLERK_TOKEN_CACHE_MAX_ENTRIES, CLERK_TOKEN_CACHE_TTL_MS } from '../identity/clerk/clerk-token-cache.ts'
import { CLERK_ENDED_SESSION_MEMORY_MS, CLERK_ENDED_SESSIONS_MAX } from '../identity/clerk/ended-clerk-sessions.ts'
import { IDENTITY_CACHE_MAX_ENTRIES, IDENTITY_CACHE_TTL_MS } from '../identity/identity-cache.ts'
import { CALLER_ANSWERS_MAX_BYTES } from './list-answers.ts'
import { MAX_READ_LIST_URLS } from './list-fast-path.ts'
import { PAGE_TTL_MS } from './page-store.ts'
import { RESPONSE_MAX_BODY_BYTES, RESPONSE_STORE_MAX_BYTES, RESPONSE_STORE_MAX_ENTRIES } from './response-store.ts'

/** Every cache's bound and name, as the code has them. */
const IN_CODE: Record<string, number | string> = {
  CATALOGUE_TTL_MS,
  CATALOGUE_MAX_ENTRIES,
  BOOKMARK_SET_TTL_MS,
  BOOKMARK_SET_MAX_ENTRIES,
  IDENTITY_CACHE_TTL_MS,
  IDENTITY_CACHE_MAX_ENTRIES,
  CLERK_TOKEN_CACHE_TTL_MS,
  CLERK_TOKEN_CACHE_MAX_ENTRIES,
  CLERK_ENDED_SESSION_MEMORY_MS,
  CLERK_ENDED_SESSIONS_MAX,
  RESPONSE_STORE_MAX_ENTRIES,
  RESPONSE_STORE_MAX_BYTES,
  RESPONSE_MAX_BODY_BYTES,
  CALLER_ANSWERS_MAX_BYTES,
  MAX_READ_LIST_URLS,
  PAGE_TTL_MS,
  CACHE_CHANNEL,
  CACHE_LISTENER_NAME,
}

/** `NAME = 30_000`, `NAME = 2 * 1024 * 1024` or `NAME = 'text'` in a code span, as the document writes them. */
function constantsIn(markdown: string): Map<string, number | string> {
  const found = new Map<string, number | string>()
  for (const [, name, value] of markdown.matchAll(/`([A-Z][A-Z0-9_]+) = ([^`]+)`/g)) {
    const text = value!.trim()
    const quoted = /^'([^']*)'$/.exec(text)
    const product = text.split('*').map((factor) => Number(factor.trim().replaceAll('_', '')))
    found.set(name!, quoted ? quoted[1]! : product.reduce((a, b) => a * b, 1))
  }
  return found
}

describe('docs/architecture.md', () => {
  const written = constantsIn(readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8'))

  it('names every cache bound, and only those the code has', () => {
    expect([...written.keys()].sort()).toEqual(Object.keys(IN_CODE).sort())
  })

  it.each(Object.entries(IN_CODE))('says %s as the code has it', (name, value) => {
    expect(written.get(name)).toBe(value)
  })

  it('reads a constant written as a product of factors', () => {
    expect(constantsIn('`X_BYTES = 2 * 1_024`, `Y_COUNT = 3`')).toEqual(
      new Map([
        ['X_BYTES', 2048],
        ['Y_COUNT', 3],
      ]),
    )
  })
})
