import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

import type { AppConfig } from '../config/app-config.ts'

/**
 * Helmet with a Content-Security-Policy that allows only this origin, plus Clerk's frontend API when
 * Clerk is the identity provider. Mantine writes its styles at run time, hence 'unsafe-inline' styles.
 * Scripts also allow this response's own nonce: a server-rendered page carries one inline script
 * (the router's state, web/server-rendering.ts), marked with it; no other inline script runs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const clerkHosts = config.identity.kind === 'clerk' ? clerkFrontendHosts(config.identity.publishableKey) : []
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...clerkHosts, (_req, res) => `'nonce-${scriptNonceOf(res as ServerResponse)}'`],
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

/** A publishable key is `pk_<env>_<base64 of the frontend API host followed by $>`. */
export function clerkFrontendHosts(publishableKey: string): string[] {
  const encoded = publishableKey.split('_')[2]
  if (!encoded) return []
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '')
  return /^[a-z0-9.-]+$/i.test(host) ? [`https://${host}`, 'https://challenges.cloudflare.com'] : []
}

const scriptNonces = new WeakMap<ServerResponse, string>()

/** The response's script nonce: made when its CSP header is, read by the page that inlines a script. */
export function scriptNonceOf(res: ServerResponse): string {
  let nonce = scriptNonces.get(res)
  if (!nonce) {
    nonce = randomBytes(16).toString('base64')
    scriptNonces.set(res, nonce)
  }
  return nonce
}
