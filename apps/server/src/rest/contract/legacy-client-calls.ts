import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'

import type { Viewer } from '@promptly/core/identity/user'

/**
 * The requests of the spec's call table (section 7), sent as the legacy client built them: the same
 * path, query and body, on the base the client used and on the other one.
 */

/** {api} (/api/v1) and {bookmarksApi} (its v2 twin): each row written with one is tried on both. */
export const API_BASES = ['/api/v1', '/api/v2'] as const

/**
 * The rows the spec writes with no prefix (plans, payment, limits, user, admin, templates): the
 * unprefixed path and both bases (the client itself called most of them on /api/v2, as BASE_URL2).
 */
export const UNPREFIXED_AND_API_BASES = ['', '/api/v1', '/api/v2'] as const

export type Headers = Record<string, string>

export interface LegacyCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Headers
  /** A JSON body; left out, the request has none (axios.post(url) with no data). */
  payload?: Record<string, unknown>
}

export interface LegacyAnswer {
  statusCode: number
  /** The parsed JSON, or the raw text when the answer is not JSON (a page, say). */
  body: unknown
  /** `METHOD url`, for failure messages. */
  call: string
  text: string
}

export async function send(app: FastifyInstance, request: LegacyCall): Promise<LegacyAnswer> {
  const { method, url, headers, payload } = request
  const res = await app.inject({ method, url, headers, ...(payload !== undefined && { payload }) })
  return { statusCode: res.statusCode, body: jsonOrText(res.body), call: `${method} ${url}`, text: res.body }
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The HTTP status the client checked (`res.status === 200`), failing with the call and what came back. */
export function expectStatus(answer: LegacyAnswer, status: number): void {
  expect(answer.statusCode, `${answer.call} answered ${answer.text.slice(0, 400)}`).toBe(status)
}

/** `?clerkId=…`: the Clerk user id the client appended to every signed-in call (its `userId`). */
export function clerkIdQuery(user: Viewer): string {
  return `?clerkId=${encodeURIComponent(user.clerkId)}`
}

/**
 * The signed-in identity the catalogue and bookmark calls carried:
 * `?clerkId=${user.id}&name=${user?.fullName}&email=${…emailAddress}&imageUrl=${user?.imageUrl}`
 * (bigwigmedia src/pages/Landing.tsx getTemplates and getBookMarks), encoded as the browser sends it.
 */
export function identityQuery(user: Viewer): string {
  const fields = { clerkId: user.clerkId, name: user.name, email: user.email, imageUrl: user.imageUrl }
  return `?${Object.entries(fields)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')}`
}

/**
 * What the generator page made of getResponseOfObject's `data` (bigwigmedia
 * src/components/Generate2.tsx): the text from the first to the last brace (extractJSON), the first
 * `</p>` followed by `<br/>` (String.replace with a string replaces once), then JSON.parse.
 */
export function generatorPageParse(data: string): unknown {
  const json = data.slice(data.indexOf('{'), data.lastIndexOf('}') + 1)
  return JSON.parse(json.replace('</p>', '</p><br/>')) as unknown
}
