import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string
  path: string
  authorization: string | undefined
  contentType: string | undefined
  body: Buffer
  /** Resolves when the connection closed: true if it closed before the response was finished. */
  closed: Promise<boolean>
}

export type FakeHandler = (request: SeenRequest, response: ServerResponse, index: number) => void | Promise<void>

export interface FakeOpenAiServer {
  /** e.g. http://127.0.0.1:40111/v1 */
  baseUrl: string
  requests: SeenRequest[]
  close(): Promise<void>
}

/**
 * A stand-in for an OpenAI-compatible server, on 127.0.0.1 and a random port, answering each
 * request with the test's handler: status codes, delays, streams that stall or break.
 */
export async function startFakeOpenAiServer(handler: FakeHandler): Promise<FakeOpenAiServer> {
  const requests: SeenRequest[] = []
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    const closed = new Promise<boolean>((resolve) => response.on('close', () => resolve(!response.writableFinished)))
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const seen: SeenRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks),
        closed,
      }
      requests.push(seen)
      Promise.resolve(handler(seen, response, requests.length - 1)).catch(() => response.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

/** An OpenAI chat.completion.chunk SSE line carrying `content`. */
export function chunkLine(content: string, finishReason: string | null = null): string {
  const chunk = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, delta: finishReason ? {} : { content }, logprobs: null, finish_reason: finishReason }],
  }
  return `data: ${JSON.stringify(chunk)}\n\n`
}

export function startEventStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
}

/** A complete, well-formed streamed answer. */
export function streamWholeAnswer(response: ServerResponse, pieces: string[]): void {
  startEventStream(response)
  for (const piece of pieces) response.write(chunkLine(piece))
  response.write(chunkLine('', 'stop'))
  response.end('data: [DONE]\n\n')
}
