import type { InjectOptions } from 'fastify'

import type { Access, CallerName, Outcome } from './procedure-access.ts'

/** What the requests of the rows below name, made in the test's beforeAll. They belong to `user`. */
export interface RouteFixtures {
  /** An image the owner generated. */
  mediaId: string
  /** The owner's purchase waiting on the local checkout. */
  purchaseId: string
  /** A second session of the owner (another device). */
  sessionId: string
  userClerkId: string
}

export type RouteRequest = Pick<InjectOptions, 'url' | 'payload'>

export interface OtherRouteRow {
  /** Who may call it; a provider's webhook is for whoever holds its signing secret. */
  access: Access | 'payment-provider' | 'identity-provider'
  /**
   * The request the matrix sends, when it can send one to every caller. Rows without one are
   * checked elsewhere (the file named in `checkedIn`), because a valid call ends the session, mails
   * someone or needs a signed provider event.
   */
  request?: (fixtures: RouteFixtures) => RouteRequest
  /** The outcomes where this route answers otherwise than its access says (with why, beside it). */
  outcomes?: Partial<Record<CallerName, Outcome>>
  /** Deletes what it names: after every other allowed call. */
  destructive?: boolean
  checkedIn?: string
  /**
   * The setting without which the route is not served (the matrix's local-account server has none of
   * them): the file in `checkedIn` runs a server with it.
   */
  servedWith?: 'CLERK_WEBHOOK_SIGNING_SECRET'
}

/**
 * Every route of the server outside tRPC (its own matrix) and the OpenAPI document (the REST
 * matrix), by method and path as registered. The matrix test reads the server's route table and
 * fails for a route without a row.
 */
export const OTHER_ROUTE_ACCESS: Record<string, OtherRouteRow> = {
  // Generated media go to their owner only, and everyone else (signed out included) hears that
  // there is no such file, so no one learns an id exists.
  'GET /media/:id': {
    access: 'owner',
    request: (f) => ({ url: `/media/${f.mediaId}` }),
    outcomes: { anonymous: 'NOT_FOUND' },
  },
  'POST /api/payments/local/:purchaseId/pay': {
    access: 'owner',
    request: (f) => ({ url: `/api/payments/local/${f.purchaseId}/pay` }),
  },
  'POST /api/payments/stripe/webhook': { access: 'payment-provider', checkedIn: 'payments/payments.int.test.ts' },
  // Clerk's deliveries (ended sessions), signed with CLERK_WEBHOOK_SIGNING_SECRET; absent without it.
  'POST /api/webhooks/clerk': {
    access: 'identity-provider',
    checkedIn: 'identity/clerk/clerk-webhook.int.test.ts',
    servedWith: 'CLERK_WEBHOOK_SIGNING_SECRET',
  },
  'GET /api/auth/local/sessions': { access: 'signed-in', request: () => ({ url: '/api/auth/local/sessions' }) },
  'DELETE /api/auth/local/sessions/:id': {
    access: 'owner',
    request: (f) => ({ url: `/api/auth/local/sessions/${f.sessionId}` }),
    destructive: true,
  },
  'POST /api/auth/local/password': {
    access: 'signed-in',
    checkedIn: 'identity/local/account-sessions.int.test.ts',
  },
  'POST /api/auth/local/sign-out-everywhere': {
    access: 'signed-in',
    checkedIn: 'identity/local/account-sessions.int.test.ts',
  },
  'POST /api/auth/local/verify-email/resend': {
    access: 'signed-in',
    checkedIn: 'identity/local/email-verification.int.test.ts',
  },
  'POST /api/auth/local/sign-up': { access: 'public', checkedIn: 'identity/local/local-auth.int.test.ts' },
  'POST /api/auth/local/sign-in': { access: 'public', checkedIn: 'identity/local/local-auth.int.test.ts' },
  'POST /api/auth/local/sign-out': { access: 'public', checkedIn: 'identity/local/local-auth.int.test.ts' },
  'POST /api/auth/local/password-reset': {
    access: 'public',
    checkedIn: 'identity/local/password-reset.int.test.ts',
  },
  'POST /api/auth/local/password-reset/confirm': {
    access: 'public',
    checkedIn: 'identity/local/password-reset.int.test.ts',
  },
  'GET /api/auth/local/verify-email': { access: 'public', checkedIn: 'identity/local/email-verification.int.test.ts' },
  'GET /api/auth/me': { access: 'public', request: () => ({ url: '/api/auth/me' }) },
  'GET /api/auth/avatar/:clerkId.svg': {
    access: 'public',
    request: (f) => ({ url: `/api/auth/avatar/${f.userClerkId}.svg` }),
  },
  // The error screen for an unreadable page address (requests are rewritten to it); asked for
  // directly, an unknown page like any other.
  'GET /_bad-address': { access: 'public', checkedIn: 'web/bad-address-page.test.ts' },
  'GET /health': { access: 'public', request: () => ({ url: '/health' }) },
  'GET /ready': { access: 'public', request: () => ({ url: '/ready' }) },
  'GET /robots.txt': { access: 'public', request: () => ({ url: '/robots.txt' }) },
  'GET /sitemap.xml': { access: 'public', request: () => ({ url: '/sitemap.xml' }) },
  'GET /api/openapi.json': { access: 'public', request: () => ({ url: '/api/openapi.json' }) },
  'GET /api/docs': { access: 'public', request: () => ({ url: '/api/docs' }) },
  'GET /api/docs*': { access: 'public', request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/docs/json': { access: 'public', request: () => ({ url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { access: 'public', request: () => ({ url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': { access: 'public', request: () => ({ url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
}
