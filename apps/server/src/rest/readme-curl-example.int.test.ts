import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md')
const run = promisify(execFile)

/** The shell command between README's `<name>:start` and `<name>:end` markers, inside its fenced block. */
async function readmeCurlCommand(name = 'api-key-curl-example'): Promise<string> {
  const readme = await readFile(README, 'utf8')
  const block = new RegExp(`<!-- ${name}:start -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(
    readme,
  )
  if (!block?.[1]) throw new Error(`README.md has no ${name} block`)
  return block[1].trim()
}

/** A new key of Ada's with the given scopes, made through the real route. */
async function keyOf(account: TestAccount, scopes: string[]): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    headers: account.bearer,
    payload: { name: 'README example', scopes },
  })
  expect(created.statusCode).toBe(201)
  return created.json<{ data: { key: string } }>().data.key
}

const t = useTestApp({ seed: true, listen: true, env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0' } })
let ada: TestAccount

beforeAll(async () => {
  // Verified through the mail's link (the frame's default), so it has its trial credits to spend.
  ada = await t.signUp()
})

describe("README's API key example", () => {
  it('runs with the real curl and a fresh key: a 200 legacy answer with the output, one credit', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: ada.bearer,
      payload: { name: 'README example', scopes: ['generate'] },
    })
    expect(created.statusCode).toBe(201)
    const key = created.json<{ data: { key: string } }>().data.key
    const before = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: ada.user.id },
      select: { creditBalance: true },
    })
    expect(before.creditBalance).toBeGreaterThan(0)

    // The command exactly as written; only its two variables come from the environment.
    const { stdout } = await run('sh', ['-c', await readmeCurlCommand()], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PROMPTLY_URL: t.baseUrl, PROMPTLY_KEY: key },
    })

    const answer = JSON.parse(stdout) as { status: string; message: string; data: string }
    expect(answer).toMatchObject({ status: 'OK', message: 'Generated' })
    const data = JSON.parse(answer.data) as { output: string; generationId: string; creditsLeft: number }
    expect(data.output).toMatch(/<p>[\s\S]+<\/p>/)
    expect(data.creditsLeft).toBe(before.creditBalance - 1)

    const generation = await t.db.prisma.generation.findUniqueOrThrow({ where: { id: data.generationId } })
    expect(generation).toMatchObject({ userId: ada.user.id, status: 'succeeded', output: data.output })
    const charges = await t.db.prisma.creditEntry.findMany({ where: { userId: ada.user.id, amount: { lt: 0 } } })
    expect(charges.map((entry) => [entry.reason, entry.amount, entry.reference])).toEqual([
      ['generation', -1, data.generationId],
    ])
  })

  it('runs the variants example: three outputs in a list, three credits', async () => {
    const bo = await t.signUp()
    const key = await keyOf(bo, ['generate'])
    const before = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: bo.user.id },
      select: { creditBalance: true },
    })
    const { stdout } = await run('sh', ['-c', await readmeCurlCommand('variants-curl-example')], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PROMPTLY_URL: t.baseUrl, PROMPTLY_KEY: key },
    })
    const answer = JSON.parse(stdout) as { status: string; data: string }
    expect(answer.status).toBe('OK')
    const variants = JSON.parse(answer.data) as { output: string; generationId: string }[]
    expect(variants).toHaveLength(3)
    expect(new Set(variants.map((variant) => variant.output)).size).toBe(3)
    const after = await t.db.prisma.user.findUniqueOrThrow({
      where: { id: bo.user.id },
      select: { creditBalance: true },
    })
    expect(after.creditBalance).toBe(before.creditBalance - 3)
  })
})
