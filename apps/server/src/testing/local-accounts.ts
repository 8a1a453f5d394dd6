import { randomInt, randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

import type { SignUpAnswer } from '@promptly/core/identity/local-account-flows'
import type { Viewer } from '@promptly/core/identity/user'

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

export interface TestAccountInput {
  name?: string
  email?: string
  password?: string
  /**
   * Follow the verification link from the mail, as a person would (default true): a verified
   * account has its 30 trial credits. False leaves it as sign-up does: unverified, no credits.
   */
  verified?: boolean
}

/**
 * Where this process's addresses start: at random, not at 0. Limits kept in Redis outlive a test
 * process (the sign-in throttle for 15 minutes), and the integration suite runs twice (PGlite,
 * then PostgreSQL) against the same Redis: counting from 0, a test could get the address it had in
 * the other pass and find its throttle already spent there.
 */
let clientCounter = randomInt(1 << 23)

/**
 * A client address of its own for each test sign-up (loopback, never contacted: inject only sets
 * it), so test files that make many accounts stay under the per-address sign-up limit, which
 * remains in force for the tests that check it.
 */
export function uniqueClientAddress(): string {
  clientCounter += 1
  return `127.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`
}

/**
 * Signs up a local account through the real route (a fresh unique e-mail unless given), by default
 * verifies it through the link in its mail, and returns its session: the quickest way for any
 * server test to act as a signed-in user. Needs the development outbox (any NODE_ENV but production).
 */
export async function signUpTestAccount(app: FastifyInstance, input: TestAccountInput = {}): Promise<TestAccount> {
  const email = input.email ?? `user-${randomUUID()}@example.test`
  const password = input.password ?? 'correct horse battery staple'
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    payload: { name: input.name ?? 'Test User', email, password },
    remoteAddress: uniqueClientAddress(),
  })
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const token = sessionTokenFrom(res)
  const cookies = { [SESSION_COOKIE]: token }
  if (input.verified ?? true) {
    const verified = await followMailLink(app, res.json<SignUpAnswer>().devOutboxUrl, '/api/auth/local/verify-email')
    if (verified.headers.location !== '/profile?verified=1') {
      throw new Error(`verification failed: ${verified.statusCode} ${String(verified.headers.location)}`)
    }
  }
  const me = await app.inject({ method: 'GET', url: '/api/auth/me', cookies })
  return {
    user: me.json<{ user: Viewer }>().user,
    email,
    password,
    token,
    bearer: { authorization: `Bearer ${token}` },
    cookies,
  }
}

/** Signs `account` in again, as from another device: that new session's credentials. */
export async function signInTestAccount(
  app: FastifyInstance,
  account: TestAccount,
): Promise<Pick<TestAccount, 'token' | 'bearer' | 'cookies'>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-in',
    payload: { email: account.email, password: account.password },
    remoteAddress: uniqueClientAddress(),
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  const token = sessionTokenFrom(res)
  return { token, bearer: { authorization: `Bearer ${token}` }, cookies: { [SESSION_COOKIE]: token } }
}

/** An outbox message as the development page shows it: its subject and the links in it. */
export interface OutboxMessage {
  subject: string
  links: string[]
}

/** Reads a message through `GET /api/dev/outbox/:id` (the `devOutboxUrl` an answer gave). */
export async function readOutboxMessage(
  app: FastifyInstance,
  devOutboxUrl: string | undefined,
): Promise<OutboxMessage> {
  if (!devOutboxUrl) throw new Error('the answer named no outbox message (production, SMTP, or no mail sent)')
  const page = await app.inject({ method: 'GET', url: devOutboxUrl })
  if (page.statusCode !== 200) throw new Error(`outbox page answered ${page.statusCode}`)
  const subject = /<title>Outbox: ([^<]*)<\/title>/.exec(page.body)?.[1] ?? ''
  const links = [...page.body.matchAll(/<a href="([^"]+)"/g)].map((match) => decodeHtml(match[1] ?? ''))
  return { subject, links }
}

/** The path and query of the message's first link to `path` (tests inject it; the origin is APP_URL's). */
export async function mailLinkTo(
  app: FastifyInstance,
  devOutboxUrl: string | undefined,
  path: string,
): Promise<string> {
  const { links } = await readOutboxMessage(app, devOutboxUrl)
  const link = links.map((href) => new URL(href)).find((url) => url.pathname === path)
  if (!link) throw new Error(`no link to ${path} in the message: ${links.join(', ')}`)
  return `${link.pathname}${link.search}`
}

/** Opens the message's link to `path` with a plain GET, as a mail reader's click would. */
export async function followMailLink(
  app: FastifyInstance,
  devOutboxUrl: string | undefined,
  path: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: await mailLinkTo(app, devOutboxUrl, path) })
}

/** The session token a response set, or an error when it set none. */
export function sessionTokenFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in the response`)
  return cookie.value
}

function decodeHtml(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}
