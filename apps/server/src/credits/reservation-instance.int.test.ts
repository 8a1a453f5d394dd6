import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { useTestApp } from '../testing/use-test-app.ts'

const instanceId = randomUUID()
const t = useTestApp({
  instanceId,
  env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' },
  listen: true,
})

describe('a reservation made by a server instance', () => {
  it('records the instance whose lease must stay alive for it', async () => {
    const ada = await t.signUp()
    const tool = await createGeneratorTool(t.db.prisma)
    let generationId = ''
    for await (const event of await t.trpc(ada).generation.run.mutate({ toolId: tool.id, groups: bioValues() })) {
      if (event.type === 'started') generationId = event.generationId
    }
    expect(await t.db.prisma.generation.findUniqueOrThrow({ where: { id: generationId } })).toMatchObject({
      instanceId,
      status: 'succeeded',
    })
  })
})
