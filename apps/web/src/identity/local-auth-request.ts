// How the web app calls the local identity endpoints (/api/auth/local) and reads their errors.
import type { TFunction } from 'i18next'

import { authMessage } from './auth-messages.ts'

/** A failed call to the local identity endpoints, carrying the text to show the visitor. */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** From a 429's retry-after header: how long until the server accepts the call again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
    this.name = 'AuthRequestError'
  }
}

/**
 * The message of a failure the browser describes itself (no answer, or one it cannot read), in
 * in English for logs; shown in the visitor's language by authErrorMessage.
 */
export const UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a moment.'
const BASE = '/api/auth/local'
const JSON_ACCEPT = { Accept: 'application/json' }

function isErrorBody(body: unknown): body is { error?: unknown; message?: unknown; code?: unknown } {
  return typeof body === 'object' && body !== null
}

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null
}

export async function request(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Response> {
  let response: Response
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? JSON_ACCEPT : { ...JSON_ACCEPT, 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
  } catch {
    throw new AuthRequestError(UNAVAILABLE, 0, 'NETWORK')
  }
  if (response.ok) return response

  // Errors come as { status: 'error', error, message: <user-facing text>, code }.
  const parsed: unknown = await response.json().catch(() => null)
  const retryAfter = retryAfterOf(response)
  if (isErrorBody(parsed) && typeof parsed.message === 'string' && parsed.message.trim() !== '') {
    const code = typeof parsed.code === 'string' ? parsed.code : 'ERROR'
    throw new AuthRequestError(parsed.message, response.status, code, retryAfter)
  }
  throw new AuthRequestError(UNAVAILABLE, response.status, 'UNAVAILABLE', retryAfter)
}

/** The text to show for a failed call, in the visitor's language. */
export function authErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof AuthRequestError)) return t('identity.errors.generic')
  if (error.message === UNAVAILABLE) return t('identity.errors.unavailable')
  return authMessage(error.message, t)
}

/**
 * A 400 about one field comes as "<field>: <message>" ("password: Choose a stronger password: …",
 * "currentPassword: Your current password is not correct"): such a message belongs next to that field.
 */
export function fieldErrorOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  t: TFunction,
): { field: Field; message: string } | null {
  if (!(error instanceof AuthRequestError) || error.status !== 400) return null
  const match = /^(\w+): (.+)$/s.exec(error.message)
  const field = fields.find((name) => name === match?.[1])
  return field && match?.[2] ? { field, message: authMessage(match[2], t) } : null
}
