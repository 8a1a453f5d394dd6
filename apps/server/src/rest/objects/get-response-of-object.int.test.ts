import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { spendDownTo } from '../../testing/generation-fixtures.ts'
import type { TestAccount } from '../../testing/local-accounts.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { legacyOutputText } from './get-response-of-object.ts'

// Every account signed up through the frame has its ledger checked against its balance after each test.
const t = useTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' } })
let tool: { id: string }

beforeAll(async () => {
  tool = await createGeneratorTool(t.db.prisma)
})

function account(): Promise<TestAccount> {
  return t.signUp()
}

/**
 * The legacy client's reading of `data` (spec section 7): the text from the first to the last brace,
 * a line break put after each closing paragraph tag, then JSON.parse. `lineBreak` covers both
 * readings of "line break": a newline character or an HTML <br>.
 */
function legacyClientParse(data: string, lineBreak: '\n' | '<br>'): { output: string } {
  const text = data.slice(data.indexOf('{'), data.lastIndexOf('}') + 1).replaceAll('</p>', `</p>${lineBreak}`)
  return JSON.parse(text) as { output: string }
}

function generate(account: TestAccount | null, groups: unknown, base = '/api/v1', toolId = tool.id) {
  return t.app.inject({
    method: 'POST',
    url:
      `${base}/objects/getResponseOfObject/${toolId}` +
      `${account ? `?clerkId=${encodeURIComponent(account.user.clerkId)}` : ''}`,
    headers: account ? account.bearer : {},
    payload: { groups },
  })
}

describe('POST /objects/getResponseOfObject/:id', () => {
  it('answers 200 with data the legacy client can parse into the stored, sanitised output, and charges 1', async () => {
    const ada = await account()
    const before = await balanceOf(t.db.prisma, ada.user.id)
    const res = await generate(ada, bioValues())
    expect(res.statusCode).toBe(200)
    const body = res.json<{ status: string; message: string; data: string }>()
    expect(body.status).toBe('OK')
    expect(typeof body.data).toBe('string')
    const stored = await t.db.prisma.generation.findFirstOrThrow({ where: { userId: ada.user.id, toolId: tool.id } })
    expect(stored.status).toBe('succeeded')
    expect(stored.output).toContain('</p>')
    for (const lineBreak of ['\n', '<br>'] as const) {
      expect(legacyClientParse(body.data, lineBreak).output).toBe(stored.output)
    }
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before - 1)
  })

  it('works under /api/v2 too', async () => {
    const ada = await account()
    expect((await generate(ada, bioValues(), '/api/v2')).statusCode).toBe(200)
  })

  it('keeps braces, quotes and closing tags inside the output parseable', () => {
    const output = '<p>Use {curly} "quotes" and </p><p>a\\backslash</p>'
    const data = legacyOutputText({ type: 'done', variant: 0, generationId: 'g', output, creditsLeft: 3 })
    expect(legacyClientParse(`junk before ${data} junk after`, '\n').output).toBe(output)
    expect(data).not.toContain('</')
  })

  it('answers the error envelope: required field 400, unknown tool 404, signed out 401, no credits 402', async () => {
    const ada = await account()
    const missing = await generate(ada, [['', 'formal']])
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ status: 'error', error: 'Business name is required' })

    const unknown = await generate(ada, bioValues(), '/api/v1', '5a0c1d36-1111-4111-8111-111111111111')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ status: 'error', error: 'Tool not found' })

    const signedOut = await generate(null, bioValues())
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toMatchObject({ status: 'error', error: 'Please Signin to continue' })

    const broke = await account()
    await spendDownTo(t.db.prisma, broke.user.id, 0)
    const poor = await generate(broke, bioValues())
    expect(poor.statusCode).toBe(402)
    expect(poor.json<{ error: string }>().error).toContain('/plan')
    expect(await balanceOf(t.db.prisma, broke.user.id)).toBe(0)
  })

  it('refuses a clerkId naming someone else', async () => {
    const [ada, bob] = [await account(), await account()]
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/objects/getResponseOfObject/${tool.id}?clerkId=${encodeURIComponent(bob.user.clerkId)}`,
      headers: ada.bearer,
      payload: { groups: bioValues() },
    })
    expect(res.statusCode).toBe(403)
    expect(await t.db.prisma.generation.count({ where: { userId: { in: [ada.user.id, bob.user.id] } } })).toBe(0)
  })
})
