import type { IncomingHttpHeaders } from 'node:http'
import { fastifyCookie, type CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'

import type { NewSession } from './sessions.ts'

export const SESSION_COOKIE = 'promptly_session'

/**
 * httpOnly: page scripts (and any injected script) cannot read the token. SameSite=Lax: the
 * browser does not send it on cross-site POSTs (plugins/cross-site-writes.ts refuses those too).
 * Secure everywhere but on a loopback address, whatever NODE_ENV says, so a server started without
 * it still never lets the token travel in clear to another machine. Not signed with SESSION_SECRET:
 * the value is already 256 random bits that only the server's table knows.
 */
function cookieOptions(req: FastifyRequest): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: !isLoopbackHost(req.hostname), path: '/' }
}

/**
 * Whether the browser reached this server as itself: `localhost` (and its subdomains, which browsers
 * resolve to loopback), 127.0.0.0/8 or [::1]. Over plain HTTP, only there may a cookie go without
 * Secure: a browser treats those origins as trustworthy, and nothing leaves the machine.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions(req), expires: session.expiresAt })
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req))
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
