import { randomInt, randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { simpleParser } from 'mailparser'

import type { Viewer } from '@promptly/core/identity/user'

import { SESSION_COOKIE } from '../identity/local/session-cookie.ts'
import { outboxFile } from '../mail/outbox-mailer.ts'

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
 * server test to act as a signed-in user. Needs the outbox mailer (no SMTP_URL).
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
    const verified = await followMailLink(app, email, '/api/auth/local/verify-email')
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

/** A message in the app's outbox folder: its id, its subject and the links in its text. */
export interface OutboxMail {
  id: string
  subject: string
  links: string[]
}

/**
 * The newest message the app wrote to `address` (that `where` accepts), read from its outbox folder
 * as the mailbox's owner would: the folder is the only place mail comes out (no route serves it).
 * Waits for it, up to `timeoutMs`, as a mail the server sends after answering (a reset link) may land
 * a moment later; `newerThan` skips messages up to a known one (a resend's new link, not the first).
 */
export async function latestMailTo(
  app: FastifyInstance,
  address: string,
  options: { newerThan?: string; where?: (mail: OutboxMail) => boolean; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const { newerThan, where = () => true, timeoutMs = 5_000 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = await mailsTo(app, address)
    const found = mails.filter((mail) => (newerThan === undefined || mail.id > newerThan) && where(mail)).at(-1)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no such mail to ${address} in the outbox: ${JSON.stringify(mails)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Every message in the outbox to `address`, oldest first (ids sort by the time they were written). */
export async function mailsTo(app: FastifyInstance, address: string): Promise<OutboxMail[]> {
  const { mailer } = app.mail
  if (mailer.kind !== 'outbox') throw new Error('the app sends mail over SMTP: there is no outbox to read')
  const names = await readdir(mailer.dir).catch(() => [] as string[])
  const ids = names
    .filter((name) => name.endsWith('.eml'))
    .map((name) => name.slice(0, -'.eml'.length))
    .sort()
  const messages: OutboxMail[] = []
  for (const id of ids) {
    const raw = await readFile(outboxFile(mailer.dir, id), 'utf8')
    // Parsed only when the address is in it: a file of many sign-ups holds many messages.
    if (!raw.toLowerCase().includes(address.toLowerCase())) continue
    const mail = await simpleParser(raw)
    const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()))
    if (!to.includes(address.toLowerCase())) continue
    const links = [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0])
    messages.push({ id, subject: mail.subject ?? '', links })
  }
  return messages
}

/**
 * The path and query of the first link to `path` in the newest mail that has one (tests inject it;
 * the origin is APP_URL's).
 */
export async function mailLinkTo(
  app: FastifyInstance,
  address: string,
  path: string,
  options: { newerThan?: string } = {},
): Promise<string> {
  const linkIn = (mail: OutboxMail) => mail.links.map((href) => new URL(href)).find((url) => url.pathname === path)
  const link = linkIn(await latestMailTo(app, address, { ...options, where: (mail) => linkIn(mail) !== undefined }))
  if (!link) throw new Error(`no link to ${path} in the mail`)
  return `${link.pathname}${link.search}`
}

/** Opens the newest mail's link to `path` with a plain GET, as a mail reader's click would. */
export async function followMailLink(
  app: FastifyInstance,
  address: string,
  path: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: await mailLinkTo(app, address, path) })
}

/** The session token a response set, or an error when it set none. */
export function sessionTokenFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((candidate) => candidate.name === SESSION_COOKIE)
  if (!cookie?.value) throw new Error(`no ${SESSION_COOKIE} cookie in the response`)
  return cookie.value
}
