import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z, ZodError, ZodType } from 'zod'

/** Plumbing shared by the local model server's endpoints: bodies in, OpenAI-shaped answers out. */

export type EndpointHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>

const MAX_JSON_BYTES = 1024 * 1024

/** The raw body, or null once it grows past maxBytes. */
export async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** The JSON body, or null when it is too large or not JSON. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_JSON_BYTES)
  if (!body) return null
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    return null
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

/** OpenAI's error shape; `x-should-retry: false` because retrying will not change these answers. */
export function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { error: { message, type: code, param: null, code } }, { 'x-should-retry': 'false' })
}

/** A 400 naming the first thing wrong with the request (zod's first issue), else `fallback`. */
export function sendInvalidRequest(response: ServerResponse, error: ZodError, fallback: string): void {
  sendError(response, 400, 'invalid_request_error', error.issues[0]?.message ?? fallback)
}

/** What a body schema says when the body is not a JSON object at all (z.object's second argument). */
export const NOT_A_JSON_OBJECT = { error: 'The request body must be a JSON object' }

/** The JSON body as `schema` reads it; null once a 400 naming what is wrong has been sent. */
export async function readJsonBody<Schema extends ZodType>(
  request: IncomingMessage,
  response: ServerResponse,
  schema: Schema,
  invalidMessage: string,
): Promise<z.output<Schema> | null> {
  const parsed = schema.safeParse(await readJson(request))
  if (parsed.success) return parsed.data
  sendInvalidRequest(response, parsed.error, invalidMessage)
  return null
}
