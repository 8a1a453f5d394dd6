import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet, { type HelmetOptions } from 'helmet'

import type { AppConfig } from '../config/app-config.ts'

/** The security headers every answer carries, by lower-case name, whichever path sends it. */
export type SecurityHeaders = Readonly<Record<string, string>>

/**
 * Helmet's headers for this configuration, worked out once. Every answer carries exactly these:
 * the routes through the hook in security-headers.ts, and the answers sent before that hook runs
 * (a stored public answer, the list fast path) by copying them. One set, so the paths cannot drift.
 *
 * The Content-Security-Policy allows only this origin, plus Clerk's frontend API when Clerk is the
 * identity provider. Mantine writes its styles at run time, hence 'unsafe-inline' styles. It names
 * no nonce: an answer that is no page runs no script, and the one kind that inlines scripts, a
 * server-rendered page, adds its own (a nonce, or a kept page's hashes) with policyWithScriptSources.
 */
export function securityHeadersFor(config: Pick<AppConfig, 'identity' | 'nodeEnv'>): SecurityHeaders {
  const clerkHosts = config.identity.kind === 'clerk' ? clerkFrontendHosts(config.identity.publishableKey) : []
  return headersHelmetSets({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...clerkHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://img.clerk.com'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'", ...clerkHosts],
        frameSrc: ["'self'", ...clerkHosts],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
}

/**
 * What helmet writes on a response, read off one that nobody sends. None of the options above
 * depends on the request, so the headers are the same for every answer.
 */
function headersHelmetSets(options: HelmetOptions): SecurityHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()))
  let finished = false
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error
    finished = true
  })
  // Helmet's middleware is synchronous; should a version ever not be, no answer may go out without it.
  if (!finished) throw new Error('helmet did not set its headers synchronously')
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]))
}

/**
 * `policy` with `sources` added to its script-src: a page's inline scripts, by this response's nonce
 * or by their hashes. Throws when the policy has no script-src, which would leave them all refused.
 */
export function policyWithScriptSources(policy: string, sources: readonly string[]): string {
  const directives = policy.split(';')
  const scriptSrc = directives.findIndex((directive) => /^\s*script-src(?:\s|$)/.test(directive))
  if (scriptSrc === -1) throw new Error('The Content-Security-Policy has no script-src to allow the page scripts by')
  directives[scriptSrc] = [directives[scriptSrc], ...sources].join(' ')
  return directives.join(';')
}

/** A publishable key is `pk_<env>_<base64 of the frontend API host followed by $>`. */
export function clerkFrontendHosts(publishableKey: string): string[] {
  const encoded = publishableKey.split('_')[2]
  if (!encoded) return []
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '')
  return /^[a-z0-9.-]+$/i.test(host) ? [`https://${host}`, 'https://challenges.cloudflare.com'] : []
}
