import type { FastifyInstance, FastifyRequest } from 'fastify'

import { forbidden } from '@promptly/core/errors/app-error'

/** What a cross-site write is told: the portal's own pages, or a script with a key, may do it. */
export const CROSS_SITE_REFUSAL =
  "Requests from other sites are refused: use the portal's own pages, or call the API with an API key"

/** Reads and preflights change nothing; everything else may. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface CrossSiteWritesOptions {
  /** The portal's public origin (APP_URL). */
  appUrl: string
  /** Other origins allowed to call with the browser's cookie (CORS_ORIGINS). */
  corsOrigins: readonly string[]
}

/**
 * Refuses a state-changing request that another site's page made with this browser's cookie (a
 * cross-site request forgery). SameSite=Lax keeps the cookie off cross-site POSTs, but not off a
 * page on the same site and another origin (another port or subdomain of the same host), and it is
 * the browser's rule, not ours: this check holds on the server whatever the browser does.
 *
 * A browser says where a request comes from (`Sec-Fetch-Site`, and `Origin` on every write); a
 * request must come from this origin, APP_URL's, or one CORS_ORIGINS lists. A request carrying its
 * own credentials (`Authorization`, `x-api-key`: scripts, API keys) is exempt: no page can make a
 * browser add them to a cross-site request without a CORS preflight this server would refuse.
 * Neither header at all is a client that is not a browser (a script, a webhook), which no other
 * site can drive, so it passes; it still needs its own credentials to do anything.
 */
export function registerCrossSiteWriteGuard(app: FastifyInstance, options: CrossSiteWritesOptions): void {
  const allowed = new Set([
    new URL(options.appUrl).origin,
    ...options.corsOrigins.map((origin) => new URL(origin).origin),
  ])
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || carriesOwnCredentials(req)) return
    if (!isSameOriginOrAllowed(req, allowed)) throw forbidden(CROSS_SITE_REFUSAL)
  })
}

function carriesOwnCredentials(req: FastifyRequest): boolean {
  return req.headers.authorization !== undefined || req.headers['x-api-key'] !== undefined
}

function isSameOriginOrAllowed(req: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  // The browser's own word that the page is this origin (or that nobody's page made the request).
  if (fetchSite === 'same-origin' || fetchSite === 'none') return true
  const origin = req.headers.origin
  // No Origin from a browser that did say where it came from: refuse rather than guess.
  if (origin === undefined) return fetchSite === undefined
  // `null` is an opaque origin (a sandboxed frame, a data: URL): never one of ours.
  if (origin === 'null') return false
  return allowed.has(origin) || origin === `${req.protocol}://${req.host}`
}
