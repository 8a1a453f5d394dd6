import { describe, expect, it } from 'vitest'

import { AiProviderError } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'

import { inProcessCacheBus } from '../caching/cache-bus.ts'
import { CatalogueCache } from '../caching/catalogue-cache.ts'
import { fakeAiProvider } from '../generation/testing/fake-ai-provider.ts'
import { generationErrorClass } from './generation-error-class.ts'
import { recordingTelemetry } from './testing/recording-telemetry.ts'
import { timedAiProvider } from './timed-ai-provider.ts'

async function* pieces(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield text
}

async function* failingAfter(text: string): AsyncGenerator<string> {
  yield text
  throw new AiProviderError('timeout')
}

const providerCalls = (telemetry: ReturnType<typeof recordingTelemetry>) =>
  telemetry.reports.flatMap((report) => (report[0] === 'providerCalled' ? [report[1]] : []))

describe('timedAiProvider', () => {
  it('times a whole stream and its first piece, passing the pieces and the provider facts through', async () => {
    const telemetry = recordingTelemetry()
    const ai = timedAiProvider(fakeAiProvider({ stream: () => pieces('Hello ', 'world') }), telemetry)
    expect(ai).toMatchObject({ name: 'openai-compatible', isLocal: false })
    const seen: string[] = []
    for await (const piece of ai.streamText({ system: 's', prompt: 'p' })) seen.push(piece)
    expect(seen).toEqual(['Hello ', 'world'])
    const [call] = providerCalls(telemetry)
    expect(call).toMatchObject({ provider: 'openai-compatible', capability: 'text', outcome: 'succeeded' })
    expect(call?.firstChunkSeconds).toBeGreaterThanOrEqual(0)
    expect(call?.seconds).toBeGreaterThanOrEqual(call?.firstChunkSeconds ?? Infinity)
  })

  it('counts a stream that fails midway, or that its consumer leaves, as failed', async () => {
    const telemetry = recordingTelemetry()
    const ai = timedAiProvider(fakeAiProvider({ stream: () => failingAfter('Hel') }), telemetry)
    await expect(async () => {
      for await (const _ of ai.streamText({ system: 's', prompt: 'p' })) void _
    }).rejects.toThrow(AiProviderError)
    const left = timedAiProvider(fakeAiProvider({ stream: () => pieces('a', 'b', 'c') }), telemetry)
    for await (const _ of left.streamText({ system: 's', prompt: 'p' })) break
    expect(providerCalls(telemetry).map((call) => [call.outcome, call.firstChunkSeconds !== undefined])).toEqual([
      ['failed', true],
      ['failed', true],
    ])
  })

  it('times the one-shot calls, failed ones too, and throws what the provider threw', async () => {
    const telemetry = recordingTelemetry()
    const images = { images: [], model: 'img' }
    const ai = timedAiProvider(fakeAiProvider({ images: async () => images }), telemetry)
    expect(await ai.generateImages({ prompt: 'p', n: 1, quality: 'standard' })).toBe(images)
    await expect(ai.synthesizeSpeech({ input: 'hi', voice: 'alloy' })).rejects.toThrow(AiProviderError)
    const calls = providerCalls(telemetry)
    expect(calls.map((call) => [call.capability, call.outcome, call.firstChunkSeconds])).toEqual([
      ['images', 'succeeded', undefined],
      ['speech', 'failed', undefined],
    ])
  })
})

describe("timedAiProvider's spans", () => {
  it("opens one per call, names the capability and model, and marks a stream's first piece", async () => {
    const telemetry = recordingTelemetry()
    const ai = timedAiProvider(fakeAiProvider({ stream: () => pieces('Hello ', 'world') }), telemetry)
    for await (const _ of ai.streamText({ system: 's', prompt: 'the user wrote this' })) void _
    expect(telemetry.spans).toEqual([
      {
        name: 'ai text',
        attributes: {
          'gen_ai.provider.name': 'openai-compatible',
          'gen_ai.request.model': ai.models.chat,
          'promptly.ai.capability': 'text',
        },
        parent: null,
        events: ['first_chunk'],
        errorType: null,
        ended: true,
      },
    ])
    expect(JSON.stringify(telemetry.spans)).not.toContain('the user wrote this')
  })

  it("marks a failed call with the provider's code, and a stream its consumer left as cancelled", async () => {
    const telemetry = recordingTelemetry()
    const failing = timedAiProvider(fakeAiProvider({ stream: () => failingAfter('Hel') }), telemetry)
    await expect(async () => {
      for await (const _ of failing.streamText({ system: 's', prompt: 'p' })) void _
    }).rejects.toThrow(AiProviderError)
    const left = timedAiProvider(fakeAiProvider({ stream: () => pieces('a', 'b') }), telemetry)
    for await (const _ of left.streamText({ system: 's', prompt: 'p' })) break
    await expect(left.synthesizeSpeech({ input: 'hi', voice: 'alloy' })).rejects.toThrow(AiProviderError)
    expect(telemetry.spans.map((span) => [span.name, span.errorType, span.ended])).toEqual([
      ['ai text', 'timeout', true],
      ['ai text', 'cancelled', true],
      ['ai speech', 'unavailable', true],
    ])
  })
})

describe('generationErrorClass', () => {
  it('keeps the provider code, our input refusals, other refusals and our own failures apart', () => {
    expect(generationErrorClass(new AiProviderError('rate_limited'))).toBe('rate_limited')
    expect(generationErrorClass(new AppError('BAD_REQUEST', 'No speech'))).toBe('bad_request')
    expect(generationErrorClass(new AppError('NOT_FOUND', 'gone'))).toBe('refused')
    expect(generationErrorClass(new Error('disk full'))).toBe('internal')
    expect(generationErrorClass(new Error('aborted write'), true)).toBe('cancelled')
  })
})

describe("the catalogue cache's lookups", () => {
  const lookups = (telemetry: ReturnType<typeof recordingTelemetry>) =>
    telemetry.reports.flatMap((report) => (report[0] === 'catalogueLookup' ? [report[1] ? 'hit' : 'miss'] : []))

  it('report a miss for a read that loads and a hit for one served, or joining a load in flight', async () => {
    const telemetry = recordingTelemetry()
    const cache = new CatalogueCache(inProcessCacheBus(), { telemetry })
    const load = async () => 'categories'
    await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])
    await cache.getOrLoad('k', load)
    cache.invalidate()
    await cache.getOrLoad('k', load)
    expect(lookups(telemetry)).toEqual(['miss', 'hit', 'hit', 'miss'])
  })

  it('report a peek that finds the value as a hit, and one that does not as nothing', async () => {
    const telemetry = recordingTelemetry()
    const cache = new CatalogueCache(inProcessCacheBus(), { telemetry })
    expect(cache.peek('k')).toBeUndefined()
    await cache.getOrLoad('k', async () => 'value')
    expect(cache.peek('k')).toBe('value')
    expect(lookups(telemetry)).toEqual(['miss', 'hit'])
  })
})
