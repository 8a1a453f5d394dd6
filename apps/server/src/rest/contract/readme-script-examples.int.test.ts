import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../README.md')
const run = promisify(execFile)

/** The code between README's `<marker>:start` and `:end` comments, inside its fenced block. */
async function readmeBlock(marker: string, language: string): Promise<string> {
  const readme = await readFile(README, 'utf8')
  const block = new RegExp(
    `<!-- ${marker}:start -->\\s*\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`,
  ).exec(readme)
  if (!block?.[1]) throw new Error(`README.md has no ${marker} block`)
  return block[1]
}

// The built-in local model answers the generation, streaming at once.
const t = useTestApp({
  seed: true,
  listen: true,
  env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' },
})
let ada: TestAccount
let key: string
let folder: string

beforeAll(async () => {
  ada = await t.signUp({ name: 'Ada Lovelace' })
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    headers: ada.bearer,
    payload: { name: 'README scripts', scopes: ['read', 'generate'] },
  })
  expect(created.statusCode, created.body).toBe(201)
  key = created.json<{ data: { key: string } }>().data.key
  folder = await mkdtemp(path.join(tmpdir(), 'promptly-readme-scripts-'))
})
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

/**
 * Runs a README example as a reader would (saved to a file, run by its interpreter) with only its two
 * variables added to the environment, and checks what it printed: the limits line, then the output.
 */
async function expectExampleRuns(interpreter: string, fileName: string, code: string): Promise<void> {
  const file = path.join(folder, fileName)
  await writeFile(file, code)
  const before = await balanceOf(t.db.prisma, ada.user.id)
  const { stdout } = await run(interpreter, [file], {
    env: { ...process.env, PROMPTLY_URL: t.baseUrl, PROMPTLY_KEY: key },
  })
  const [limitsLine, ...output] = stdout.trim().split('\n')
  expect(limitsLine).toMatch(new RegExp(`^${before} of \\d+ credits left \\(free plan\\)$`))
  expect(output.join('\n')).toMatch(/<p>[\s\S]+<\/p>/)
  expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before - 1)
}

const hasPython = await run('python3', ['--version']).then(
  () => true,
  () => false,
)

describe("README's third-party script examples", () => {
  it('the JavaScript example runs with Node: prints the limits and a generation, one credit', async () => {
    await expectExampleRuns(process.execPath, 'promptly.mjs', await readmeBlock('api-key-javascript-example', 'js'))
  })

  // python3 is not among the packages the test machines must have; where it is, the example runs.
  it.runIf(hasPython)(
    'the Python example runs with python3: prints the limits and a generation, one credit',
    async () => {
      await expectExampleRuns('python3', 'promptly.py', await readmeBlock('api-key-python-example', 'python'))
    },
  )
})
