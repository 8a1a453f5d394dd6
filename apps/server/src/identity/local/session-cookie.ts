import type { IncomingHttpHeaders } from 'node:http'
import { fastifyCookie, type CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

import type { NewSession } from './sessions.ts'

export const SESSION_COOKIE = 'promptly_session'

/**
 * httpOnly: page scripts (and any injected script) cannot read the token. SameSite=Lax: the
 * browser does not send it on cross-site POSTs, which is the CSRF defence for tRPC mutations and the
 * REST calls. Secure in production, where the site is served over HTTPS. Not signed with
 * SESSION_SECRET: the value is already 256 random bits that only the server's table knows.
 */
function cookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' }
}

export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(secure), expires: session.expiresAt })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(secure))
}

/**
 * The session token a request carries: `Authorization: Bearer <token>` (scripts and API clients)
 * first, else the cookie (the browser). Undefined when there is neither.
 */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  return bearerTokenOf(req.headers.authorization) ?? req.cookies[SESSION_COOKIE]
}

/**
 * The same token read from the raw headers, for a hook that runs before the cookie plugin has parsed
 * them (the catalogue fast path); the cookie is parsed as that plugin parses it.
 */
export function sessionTokenInHeaders(headers: IncomingHttpHeaders): string | undefined {
  const bearer = bearerTokenOf(headers.authorization)
  if (bearer !== undefined || headers.cookie === undefined) return bearer
  return fastifyCookie.parse(headers.cookie)[SESSION_COOKIE]
}

function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
}
