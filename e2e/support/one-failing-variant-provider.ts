/**
 * An OpenAI-compatible server for the e2e suite's provider-backed Promptly server (playwright.config.ts):
 * it streams a short answer naming the request's seed, except that the second request carrying the
 * same prompt fails with a 500. A run of three variants sends three requests with one prompt, so
 * exactly one of its variants fails, whatever order they arrive in: the page must show two results,
 * one failure, and charge two credits. Started by Playwright with the port as its argument.
 */
import { createServer, type ServerResponse } from 'node:http'

const port = Number(process.argv[2])
const seen = new Map<string, number>()

createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    if (request.url === '/health') return sendJson(response, 200, { ok: true })
    if (request.url !== '/v1/chat/completions')
      return sendJson(response, 404, { error: { message: 'no such endpoint' } })
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      seed?: number
      messages: { role: string; content: string }[]
    }
    const prompt = body.messages.find((message) => message.role === 'user')?.content ?? ''
    const count = (seen.get(prompt) ?? 0) + 1
    seen.set(prompt, count)
    if (count === 2)
      return sendJson(response, 500, { error: { message: 'The model is overloaded', type: 'server_error' } })
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const piece of ['<p>A variant ', `written with seed ${body.seed ?? 0}.</p>`]) response.write(chunkLine(piece))
    response.write(chunkLine('', 'stop'))
    response.end('data: [DONE]\n\n')
  })
}).listen(port, '127.0.0.1')

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** A server-sent event as OpenAI's streaming chat answers send them. */
function chunkLine(content: string, finishReason: 'stop' | null = null): string {
  const delta = finishReason ? {} : { content }
  const chunk = { object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] }
  return `data: ${JSON.stringify(chunk)}\n\n`
}
