import type { LocalSignInInput, LocalSignUpInput } from '@promptly/core/identity/user'

/** A failed call to the local identity endpoints, carrying the text to show the visitor. */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message)
    this.name = 'AuthRequestError'
  }
}

const UNAVAILABLE = 'Sign-in is unavailable right now. Please try again in a moment.'

function isErrorBody(body: unknown): body is { error?: unknown; message?: unknown } {
  return typeof body === 'object' && body !== null
}

async function post(path: string, body?: unknown): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
  } catch {
    throw new AuthRequestError(UNAVAILABLE, 0, 'NETWORK')
  }
  if (response.ok) return response

  // Errors come as { status: 'error', error: <code>, message: <user-facing text> }.
  const parsed: unknown = await response.json().catch(() => null)
  if (isErrorBody(parsed) && typeof parsed.message === 'string' && parsed.message.trim() !== '') {
    const code = typeof parsed.error === 'string' ? parsed.error : 'ERROR'
    throw new AuthRequestError(parsed.message, response.status, code)
  }
  throw new AuthRequestError(UNAVAILABLE, response.status, 'UNAVAILABLE')
}

export async function signInLocal(input: LocalSignInInput): Promise<void> {
  await post('/api/auth/local/sign-in', input)
}

export async function signUpLocal(input: LocalSignUpInput): Promise<void> {
  await post('/api/auth/local/sign-up', input)
}

export async function signOutLocal(): Promise<void> {
  await post('/api/auth/local/sign-out')
}
