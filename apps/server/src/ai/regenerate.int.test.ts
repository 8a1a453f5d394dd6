import { describe, expect, it } from 'vitest'

import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { useTestApp } from '../testing/use-test-app.ts'

// The built-in local model (no OPENAI_* set): one short bio, from a handful of templates per tone.
const t = useTestApp({ env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' }, listen: true })

async function outputOf(events: AsyncIterable<GenerationEvent>): Promise<string> {
  let output = ''
  for await (const event of events) if (event.type === 'done') output = event.output
  return output
}

describe('Regenerate with the local model', () => {
  it('writes another text for the same tool and the same answers, three times running', async () => {
    const tool = await createGeneratorTool(t.db.prisma)
    const client = t.trpc(await t.signUp())
    const run = async () => outputOf(await client.generation.run.mutate({ toolId: tool.id, groups: bioValues() }))
    const outputs = [await run(), await run(), await run()]
    for (const output of outputs) expect(output).toContain('Green Leaf Bakery')
    expect(outputs[1]).not.toBe(outputs[0])
    expect(outputs[2]).not.toBe(outputs[1])
  })
})
