import { randomBytes } from 'node:crypto'

/** Names this run's databases, so the run's end can drop any a test left behind. */
const TEST_RUN_ENV = 'PROMPTLY_TEST_RUN'
const TAG = /^[a-z0-9]{1,16}$/

/** Called once per run, in the vitest main process: the workers it starts inherit the tag. */
export function startTestRun(): string {
  const tag = randomBytes(4).toString('hex')
  process.env[TEST_RUN_ENV] = tag
  return tag
}

/** This run's tag, or `adhoc` outside a vitest run (a bench). */
export function testRunTag(): string {
  const tag = process.env[TEST_RUN_ENV]
  return tag && TAG.test(tag) ? tag : 'adhoc'
}
