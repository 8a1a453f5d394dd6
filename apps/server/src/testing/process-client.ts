import { randomBytes, randomUUID } from 'node:crypto'
import type { TRPCClient } from '@trpc/client'

import type { AppRouter } from '@promptly/api/root'
import type { Viewer } from '@promptly/core/identity/user'

import { SESSION_COOKIE } from '../identity/local/session-cookie.ts'
import { trpcClient } from './trpc-http.ts'

/**
 * Calls to a real server process over HTTP, as a browser or script behind a proxy would make them.
 * The processes trust a loopback proxy (TRUST_PROXY=loopback), so each call names its client in
 * X-Forwarded-For: by default a new address per call, so the per-client limits (rate limit, sign-up
 * and sign-in throttles) only count where a test means them to.
 */

/** Something listening: a ServerProcess, or any origin. */
export interface Origin {
  url: string
}

// This run's addresses differ from another run's on the same Redis in the second byte.
const RUN_BYTE = randomBytes(1)[0] ?? 0
let addressCounter = 0

/** A client address of its own (never contacted: only named in X-Forwarded-For). */
export function nextClientAddress(): string {
  addressCounter += 1
  return `10.${RUN_BYTE}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

export interface CallOptions extends Omit<RequestInit, 'headers'> {
  headers?: Record<string, string>
  /** The client address to present; default a new one. */
  from?: string
}

/** fetch against `origin`, as the client `from` (default: a new address). */
export function callOn(origin: Origin, pathAndQuery: string, { from, headers, ...init }: CallOptions = {}) {
  return fetch(`${origin.url}${pathAndQuery}`, {
    ...init,
    headers: { 'x-forwarded-for': from ?? nextClientAddress(), ...headers },
  })
}

export interface ProcessAccount {
  user: Viewer
  email: string
  password: string
  /** The raw session token, as the cookie carries it. */
  token: string
  /** `Cookie:` header value, as a browser sends it. */
  cookie: string
  bearer: { authorization: string }
}

/** Signs up a local account on `origin` through the real route and returns its session. */
export async function signUpOn(origin: Origin, name = 'Process User'): Promise<ProcessAccount> {
  const email = `user-${randomUUID()}@example.test`
  const password = 'correct horse battery staple'
  const res = await callOn(origin, '/api/auth/local/sign-up', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  })
  if (res.status !== 202) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const token = sessionTokenOf(res)
  return { ...(await sessionOn(origin, token)), email, password }
}

/** Signs `account` in on `origin` (another device): the new session. */
export async function signInOn(origin: Origin, account: ProcessAccount): Promise<ProcessAccount> {
  const res = await callOn(origin, '/api/auth/local/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  return { ...account, ...(await sessionOn(origin, sessionTokenOf(res))) }
}

/** Who `origin` says the cookie belongs to (GET /api/auth/me, as the browser asks), or null. */
export async function viewerOn(origin: Origin, cookie: string): Promise<Viewer | null> {
  const res = await callOn(origin, '/api/auth/me', { headers: { cookie } })
  if (res.status !== 200) throw new Error(`/api/auth/me answered ${res.status}`)
  return ((await res.json()) as { user: Viewer | null }).user
}

/** A typed tRPC client on `origin` as `account` (or signed out), all its calls from one new address. */
export function trpcOn(origin: Origin, account: ProcessAccount | null): TRPCClient<AppRouter> {
  return trpcClient(origin.url, { ...account?.bearer, 'x-forwarded-for': nextClientAddress() })
}

async function sessionOn(origin: Origin, token: string): Promise<Omit<ProcessAccount, 'email' | 'password'>> {
  const cookie = `${SESSION_COOKIE}=${token}`
  const user = await viewerOn(origin, cookie)
  if (!user) throw new Error('the new session is not signed in')
  return { user, token, cookie, bearer: { authorization: `Bearer ${token}` } }
}

function sessionTokenOf(res: Response): string {
  for (const header of res.headers.getSetCookie()) {
    const [pair = ''] = header.split(';')
    const [name, value] = pair.split('=')
    if (name?.trim() === SESSION_COOKIE && value) return value
  }
  throw new Error(`no ${SESSION_COOKIE} cookie in the answer`)
}
