import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SOURCE = fileURLToPath(new URL('.', import.meta.url))
const HANDLER = /\.handler\.ts$/

/** Every procedure handler under src, as paths relative to it. */
function handlers(): string[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((path) => HANDLER.test(path))
    .sort()
}

/** The tests a handler may have beside it: `<name>.int.test.ts` (real database) or `<name>.test.ts`. */
function siblingTests(handler: string): string[] {
  const base = handler.replace(HANDLER, '')
  return [`${base}.int.test.ts`, `${base}.test.ts`]
}

describe('procedure handlers', () => {
  it('are found under src', () => {
    expect(handlers().length).toBeGreaterThan(0)
  })

  it('each have a test beside them (<name>.int.test.ts or <name>.test.ts, CONTRIBUTING.md "A tRPC procedure")', () => {
    const untested = handlers().filter(
      (handler) => !siblingTests(handler).some((test) => existsSync(join(SOURCE, test))),
    )
    expect(untested, 'handlers without a test beside them').toEqual([])
  })
})
