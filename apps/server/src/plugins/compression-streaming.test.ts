import { request, type IncomingMessage } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'

import type { AiProvider } from '@promptly/ai/provider'
import { fakeAiProvider } from '@promptly/api/generation/testing/fake-ai-provider'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { decodedReader } from '../testing/decoded-reader.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const FIRST_PIECE = 'First piece of the bio.'
const LAST_PIECE = 'Last piece of the bio.'

/** The model's answer stops after its first piece until the test opens the gate. */
const gate = { open: (): void => undefined, opened: Promise.resolve() }
const gatedAi: AiProvider = {
  ...fakeAiProvider({}),
  async *streamText() {
    yield `<p>${FIRST_PIECE}`
    await gate.opened
    yield ` ${LAST_PIECE}</p>`
  },
}

const t = useTestApp({ listen: true, services: { ai: gatedAi } })
let toolId: string
beforeAll(async () => {
  toolId = (await createGeneratorTool(t.db.prisma)).id
})

/** `generation.run` as the web client's httpBatchStreamLink sends it, over real HTTP. */
function runGeneration(headers: Record<string, string>): Promise<IncomingMessage> {
  const body = JSON.stringify({ 0: { json: { toolId, groups: bioValues() } } })
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}/trpc/generation.run?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'trpc-accept': 'application/jsonl', ...headers },
    })
    req.once('response', resolve).once('error', reject).end(body)
  })
}

describe('a streamed generation and compression', () => {
  // Uncompressed whatever the client accepts: an encoder per open stream cost the server more memory
  // than the bytes it saved (compression.ts, sendUnencoded).
  it.each([
    ['brotli', 'br'],
    ['gzip', 'gzip'],
    ['nothing', null],
  ] as const)('a client accepting %s gets the events uncompressed, each as it is written', async (_label, encoding) => {
    gate.opened = new Promise((resolve) => (gate.open = resolve))
    const ada = await t.signUp()
    const res = await runGeneration({ ...ada.bearer, ...(encoding && { 'accept-encoding': encoding }) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()

    const stream = decodedReader(res)
    // Reached only if the first piece was sent as it came: the model has not gone on, so the
    // answer cannot have ended, and nothing of the rest has been written.
    await stream.until((text) => text.includes(FIRST_PIECE))
    expect(res.complete).toBe(false)
    expect(stream.text()).not.toContain(LAST_PIECE)

    gate.open()
    const whole = await stream.end()
    expect(whole).toContain(LAST_PIECE)
    expect(whole).toContain('"type":"done"')
  })
})
