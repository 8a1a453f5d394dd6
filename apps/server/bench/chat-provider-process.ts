/**
 * An OpenAI-compatible chat provider for the generation throughput bench, run as a process of its own
 * (`node --import tsx bench/chat-provider-process.ts`) so that its work shares the machine with the
 * server and the load generator the same way whether the load goes through the portal or straight
 * to it. It prints `{"port":N}` on its first line of output once it listens.
 *
 * Every chat completion streams the same answer, about a kilobyte of HTML in 20 chunks:
 * - `fast`: all at once, so a generation's time is the server's own;
 * - `realistic`: a chunk every 25 ms (half a second an answer), as a hosted model streams.
 * `POST /control/fast` and `POST /control/realistic` switch between them.
 */
import { setTimeout as sleep } from 'node:timers/promises'

import { chunkLine, sendJson, startEventStream, startFakeOpenAiServer } from '@promptly/ai/testing/fake-openai-server'

const PROVIDER_MODES = ['fast', 'realistic'] as const
type ProviderMode = (typeof PROVIDER_MODES)[number]

const ANSWER_CHUNKS = 20
const REALISTIC_CHUNK_GAP_MS = 25

/** The answer's 20 pieces: a bio as the model writes it, a paragraph and a list. */
const ANSWER_PIECES: readonly string[] = Array.from({ length: ANSWER_CHUNKS }, (_, index) => {
  if (index === 0) return '<p>Product designer at a fintech startup, turning dense money flows into calm screens. '
  if (index === ANSWER_CHUNKS - 1) return '<li>Weekly notes on design systems that survive real teams.</li></ul>'
  if (index === 10) return 'Posting about UX tips and design systems.</p><ul>'
  return index < 10
    ? `Lesson ${index}: every label earns its place, every empty state explains itself, and every error helps. `
    : `<li>Pattern ${index}: a component library that grows with the product, not against it.</li>`
})

async function main(): Promise<void> {
  let mode: ProviderMode = 'fast'
  const lines = ANSWER_PIECES.map((piece) => chunkLine(piece))
  const finish = chunkLine('', 'stop') + 'data: [DONE]\n\n'
  const whole = lines.join('') + finish
  const server = await startFakeOpenAiServer(async (request, response) => {
    // The fake keeps every request it saw; a bench sends hundreds of thousands.
    server.requests.length = 0
    const control = /^\/control\/(\w+)$/.exec(request.path)?.[1]
    if (control) {
      if (!PROVIDER_MODES.includes(control as ProviderMode)) return sendJson(response, 400, { error: 'unknown mode' })
      mode = control as ProviderMode
      return sendJson(response, 200, { mode })
    }
    if (request.path !== '/v1/chat/completions') return sendJson(response, 404, { error: { message: 'no such path' } })
    startEventStream(response)
    if (mode === 'fast') {
      response.end(whole)
      return
    }
    for (const line of lines) {
      if (response.destroyed) return
      response.write(line)
      await sleep(REALISTIC_CHUNK_GAP_MS)
    }
    response.end(finish)
  })
  const port = Number(new URL(server.baseUrl).port)
  process.stdout.write(`${JSON.stringify({ port })}\n`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

await main()
