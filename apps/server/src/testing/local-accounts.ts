import { randomUUID } from 'node:crypto'
import type { Viewer } from '@promptly/core/identity/user'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { SESSION_COOKIE } from '../identity/local/session-cookie.ts'

export interface TestAccount {
  user: Viewer
  email: string
  password: string
  /** The raw session token, as the cookie carries it. */
  token: string
  /** Spread into `inject({ headers })` to call as this user with a Bearer token. */
  bearer: { authorization: string }
  /** Spread into `inject({ cookies })` to call as this user the way a browser does. */
  cookies: Record<string, string>
}

/**
 * Signs up a local account through the real route (a fresh unique e-mail unless given) and returns
 * its session: the quickest way for any server test to act as a signed-in user.
 */
export async function signUpTestAccount(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<TestAccount> {
  const email = input.email ?? `user-${randomUUID()}@example.test`
  const password = input.password ?? 'correct horse battery staple'
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    payload: { name: input.name ?? 'Test User', email, password },
  })
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const token = sessionTokenFrom(res)
  return {
    user: res.json<{ user: Viewer }>().user,
    email,
    password,
    token,
    bearer: { authorization: `Bearer ${token}` },
    cookies: { [SESSION_COOKIE]: token },
  }
}

/** The session token a response set, or an error when it set none. */
export function sessionTokenFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in the response`)
  return cookie.value
}
