import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

import type { AiModels } from '@promptly/ai/provider'

import type { ChatReplies } from './chat-reply.ts'
import { readJson, sendError, sendJson, type EndpointHandler } from './http.ts'

/**
 * The built-in local model, served as an OpenAI-compatible HTTP server on 127.0.0.1 (random port),
 * so that with no key and no base URL configured the very same SDK client and code path run as in
 * production. Implements `POST /v1/chat/completions` (streamed as SSE, or not), `GET /v1/models`
 * and the media endpoints, one module each in endpoints/: images (drawn by images/), speech
 * (flite) and transcriptions (pocketsphinx). Errors carry `x-should-retry: false` so the SDK does
 * not retry answers that cannot change. A per-process bearer token keeps other local processes out.
 */

export const LOCAL_MODELS: AiModels = {
  chat: 'promptly-local-composer',
  image: 'promptly-local-image',
  speech: 'promptly-local-speech',
  transcription: 'promptly-local-transcription',
}

export interface LocalModelServer {
  /** e.g. http://127.0.0.1:43121/v1 */
  baseUrl: string
  /** The bearer token the server expects (the SDK's apiKey). */
  token: string
  close(): Promise<void>
}

export interface LocalModelServerOptions {
  /** Pause between streamed chunks, so it streams like a real model; 0 sends them at once. */
  chunkDelayMs: number
}

/**
 * Lets each client of the shared server choose its own pace (the server is started once per
 * process, by whichever provider asks first).
 */
export const CHUNK_DELAY_HEADER = 'x-local-chunk-delay-ms'

/**
 * What answers each request is loaded by the first request that needs it, not with the server: the
 * composer and the paraphraser (with its language library, compromise), the image renderer (sharp)
 * and the speech encoder were half a second of every server start, which most starts never use.
 * Node keeps a module once loaded, so only that first request waits for it.
 */
const MEDIA_ENDPOINTS: Partial<Record<string, () => Promise<EndpointHandler>>> = {
  '/v1/images/generations': async () => (await import('./endpoints/images.ts')).handleImageGeneration,
  '/v1/audio/speech': async () => (await import('./endpoints/speech.ts')).handleSpeech,
  '/v1/audio/transcriptions': async () => (await import('./endpoints/transcriptions.ts')).handleTranscription,
}
/** About three words per chunk, like a model's tokens grouped by a proxy. */
const CHUNK_TARGET_CHARS = 18

/** The process's one server, and how many leases (acquireLocalModelServer) hold it now. */
let shared: { starting: Promise<LocalModelServer>; leases: number } | undefined

/** The process-wide local model server, started on first call; later calls get the same one. */
export function startLocalModelServer(options: LocalModelServerOptions): Promise<LocalModelServer> {
  return sharedServer(options).starting
}

/** One user's hold on the shared server: the server closes when the last hold is released. */
export interface LocalModelServerLease {
  server: Promise<LocalModelServer>
  /** Lets go of this hold (once; later calls do nothing); the last one closes the server. */
  release(): Promise<void>
}

/**
 * A hold on the process-wide server for one user that outlives a request (an app, in the server):
 * every app of the process shares the one server, which the last of them to close closes. In
 * production that is shutdown; in tests, the last open test app. Once closed, the next caller in
 * this process starts a fresh one.
 */
export function acquireLocalModelServer(options: LocalModelServerOptions): LocalModelServerLease {
  const held = sharedServer(options)
  held.leases += 1
  let released = false
  return {
    server: held.starting,
    async release() {
      if (released) return
      released = true
      held.leases -= 1
      if (held.leases > 0) return
      const server = await held.starting.catch(() => null)
      await server?.close()
    },
  }
}

function sharedServer(options: LocalModelServerOptions): { starting: Promise<LocalModelServer>; leases: number } {
  if (shared) return shared
  const starting: Promise<LocalModelServer> = createLocalModelServer(options).then(
    (server) => ({
      ...server,
      // Once closed, the next caller in this process gets a fresh server rather than a dead one.
      close: async () => {
        if (shared?.starting === starting) shared = undefined
        await server.close()
      },
    }),
    (error: unknown) => {
      if (shared?.starting === starting) shared = undefined // let a later call try again
      throw error
    },
  )
  shared = { starting, leases: 0 }
  return shared
}

/** A new local model server of its own (tests; the app uses startLocalModelServer). */
export async function createLocalModelServer(options: LocalModelServerOptions): Promise<LocalModelServer> {
  const token = `local-${randomBytes(18).toString('base64url')}`
  let loadedReplies: Promise<ChatReplies> | undefined
  const replies = () => (loadedReplies ??= import('./chat-reply.ts').then((module) => module.freshChatReplies()))
  const server = createServer((request, response) => {
    handle(request, response, { token, options, replies }).catch(() => {
      if (!response.headersSent) sendError(response, 500, 'server_error', 'The local model failed.')
      else response.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  // The client (the API server's SDK) closes idle connections itself. A server-side idle timeout
  // raced it on a busy machine: the SDK reused a socket the server was closing at that moment and
  // the next request failed with a connection error instead of its answer.
  server.keepAliveTimeout = 0
  // Never the reason the process stays up.
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const chatRequest = z.object({
  model: z.string().min(1),
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
        content: z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() })), z.null()]),
      }),
    )
    .min(1),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
  seed: z.number().int().nullish(),
})
type ChatRequest = z.infer<typeof chatRequest>

/** What one server keeps: its bearer token, its options and the chat answers it gave. */
interface ServerState {
  token: string
  options: LocalModelServerOptions
  /** This server's chatReply (freshChatReplies), loaded with the first chat request. */
  replies: () => Promise<ChatReplies>
}

async function handle(request: IncomingMessage, response: ServerResponse, state: ServerState): Promise<void> {
  const { token, options, replies } = state
  const path = (request.url ?? '/').split('?')[0]
  if (request.headers.authorization !== `Bearer ${token}`)
    return sendError(response, 401, 'invalid_api_key', 'Missing or wrong bearer token.')
  if (request.method === 'GET' && path === '/v1/models') {
    return sendJson(response, 200, {
      object: 'list',
      data: Object.values(LOCAL_MODELS).map((id) => ({ id, object: 'model', created: 0, owned_by: 'promptly' })),
    })
  }
  if (request.method === 'POST') {
    const media = path === undefined ? undefined : MEDIA_ENDPOINTS[path]
    if (media) return (await media())(request, response)
  }
  if (request.method !== 'POST' || path !== '/v1/chat/completions')
    return sendError(response, 404, 'not_found', 'Unknown endpoint.')

  const body = await readJson(request)
  const parsed = chatRequest.safeParse(body)
  if (!parsed.success)
    return sendError(response, 400, 'invalid_request_error', 'The request body is not a valid chat completion request.')
  const reply = (await replies())({
    system: messagesText(parsed.data, ['system', 'developer']),
    prompt: messagesText(parsed.data, ['user']),
    seed: parsed.data.seed ?? null,
  })
  const completion = {
    id: `chatcmpl-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    model: LOCAL_MODELS.chat,
  }
  const usage = tokenUsage(parsed.data, reply)
  if (!parsed.data.stream) {
    return sendJson(response, 200, {
      ...completion,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
    })
  }
  const requestedDelay = Number(request.headers[CHUNK_DELAY_HEADER])
  const delayMs =
    Number.isInteger(requestedDelay) && requestedDelay >= 0 && requestedDelay <= 1_000
      ? requestedDelay
      : options.chunkDelayMs
  await streamReply(response, reply, completion, parsed.data.stream_options?.include_usage ? usage : null, delayMs)
}

async function streamReply(
  response: ServerResponse,
  reply: string,
  completion: { id: string; created: number; model: string },
  usage: ReturnType<typeof tokenUsage> | null,
  delayMs: number,
): Promise<void> {
  let clientGone = false
  response.on('close', () => {
    clientGone = !response.writableFinished
  })
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
  const send = (choices: unknown[], extra: object = {}) => {
    const chunk = { ...completion, object: 'chat.completion.chunk', system_fingerprint: null, choices, ...extra }
    response.write(`data: ${JSON.stringify(chunk)}\n\n`)
  }
  send([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }])
  for (const piece of chunksOf(reply)) {
    if (delayMs > 0) await sleep(delayMs)
    if (clientGone) return // the caller went away: stop composing for nobody
    send([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }])
  }
  send([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }])
  if (usage) send([], { usage })
  response.end('data: [DONE]\n\n')
}

/** Splits the reply into small pieces, never inside an HTML tag. */
export function chunksOf(text: string): string[] {
  const tokens = text.match(/<[^>]*>|\s+|[^<\s]+/g) ?? []
  const chunks: string[] = []
  let current = ''
  for (const token of tokens) {
    current += token
    if (current.length >= CHUNK_TARGET_CHARS) {
      chunks.push(current)
      current = ''
    }
  }
  if (current) chunks.push(current)
  return chunks
}

function messagesText(request: ChatRequest, roles: string[]): string {
  return request.messages
    .filter((message) => roles.includes(message.role))
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : (message.content ?? []).map((part) => part.text ?? '').join(''),
    )
    .join('\n')
}

/** A rough count (about four characters a token), enough for callers that log usage. */
function tokenUsage(request: ChatRequest, reply: string) {
  const promptTokens = Math.ceil(JSON.stringify(request.messages).length / 4)
  const completionTokens = Math.ceil(reply.length / 4)
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  }
}
