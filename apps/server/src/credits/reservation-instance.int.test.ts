import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bioValues, createGeneratorTool } from '../testing/generation-fixtures.ts'
import { signUpTestAccount } from '../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../testing/trpc-http.ts'

const instanceId = randomUUID()
let t: TestApp
let baseUrl: string

beforeAll(async () => {
  t = await createTestApp({ instanceId, env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' } })
  baseUrl = await listenOnRandomPort(t.app)
})
afterAll(() => t.close())

describe('a reservation made by a server instance', () => {
  it('records the instance whose lease must stay alive for it', async () => {
    const ada = await signUpTestAccount(t.app)
    const tool = await createGeneratorTool(t.db.prisma)
    let generationId = ''
    for await (const event of await trpcClient(baseUrl, ada.bearer).generation.run.mutate({ toolId: tool.id, groups: bioValues() })) {
      if (event.type === 'started') generationId = event.generationId
    }
    expect(await t.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })).toMatchObject({ instanceId, status: 'succeeded' })
  })
})
