import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'

import { policyWithScriptSources, type SecurityHeaders } from './security-header-set.ts'

/**
 * Every answer through the routes gets the security headers (security-header-set.ts), written on
 * the response itself, as helmet writes them, from a hook at the start of the request. The answers
 * sent before this hook runs, hits of the byte caches registered ahead of it, are handed the same
 * set by app.ts and send it themselves.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_req, reply, done) => {
    writeSecurityHeaders(reply.raw, headers)
    done()
  })
}

/**
 * Writes the set on the response itself, as helmet does: a hijacked answer's writeHead keeps them,
 * and a page reads its policy back from there to add its scripts. Also for an answer no hook sees
 * (Fastify's frameworkErrors, for a URL it cannot decode).
 */
export function writeSecurityHeaders(res: ServerResponse, headers: SecurityHeaders): void {
  for (const name in headers) res.setHeader(name, headers[name]!)
}

/**
 * Allows this response's inline scripts by a fresh nonce, added to the policy the hook wrote, and
 * answers the nonce for the page to mark its scripts with. Only a server-rendered page inlines a
 * script; no other answer's policy names a nonce.
 */
export function allowInlineScriptsByNonce(res: ServerResponse): string {
  const policy = res.getHeader('content-security-policy')
  if (typeof policy !== 'string') throw new Error('No Content-Security-Policy on this response to add a nonce to')
  const nonce = randomBytes(16).toString('base64')
  res.setHeader('content-security-policy', policyWithScriptSources(policy, [`'nonce-${nonce}'`]))
  return nonce
}
