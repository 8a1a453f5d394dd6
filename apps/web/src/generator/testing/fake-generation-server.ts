import { initTRPC } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import superjson from 'superjson'
import { vi } from 'vitest'

import type { GenerationEvent, RunGenerationInput } from '@promptly/api/generation/run.schema'

import { fakeApi } from '../../test/fake-api.ts'

export type RunScript = (
  input: RunGenerationInput,
  signal: AbortSignal | undefined,
) => AsyncGenerator<GenerationEvent, void, undefined>

/**
 * The API for page tests: `generation.run` is served by a real tRPC handler (superjson, JSONL
 * streaming, errors thrown mid-stream) running `script`, so the app's own streaming link, abort and
 * error handling are what is tested; every other call is answered by fakeApi from `procedures`.
 */
export function fakeApiWithGeneration(procedures: Parameters<typeof fakeApi>[0], script: RunScript) {
  const t = initTRPC.create({ transformer: superjson })
  const router = t.router({
    generation: t.router({
      run: t.procedure
        .input((value) => value as RunGenerationInput)
        .mutation(({ input, signal }) => script(input, signal)),
    }),
  })
  const others = fakeApi(procedures)
  const runs: RunGenerationInput[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    )
    if (url.pathname !== '/trpc/generation.run') return others(input, init)
    const request = new Request(url.href, init)
    runs.push(
      ...(Object.values(JSON.parse(await request.clone().text()) as Record<string, unknown>).map((item) =>
        superjson.deserialize(item as Parameters<typeof superjson.deserialize>[0]),
      ) as RunGenerationInput[]),
    )
    return fetchRequestHandler({ endpoint: '/trpc', req: request, router, createContext: () => ({}) })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetch: others, runs }
}

/** A run that streams `chunks` after 'started', then finishes with their concatenation. */
export function streamingRun(chunks: string[], { cost = 1, creditsLeft = 29, localModel = true } = {}): RunScript {
  return async function* () {
    yield { type: 'started', variant: 0, generationId: '11111111-1111-4111-8111-111111111111', cost, localModel }
    for (const text of chunks) yield { type: 'chunk', variant: 0, text }
    yield {
      type: 'done',
      variant: 0,
      generationId: '11111111-1111-4111-8111-111111111111',
      output: chunks.join(''),
      creditsLeft,
    }
  }
}
