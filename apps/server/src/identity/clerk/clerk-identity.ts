import { createClerkClient, type ClerkFastifyOptions } from '@clerk/fastify'

import type { CacheBus } from '@promptly/api/caching/cache-bus'
import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import type { Database } from '@promptly/db/client'

import type { AppConfig, ClerkIdentityConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import type { IdentityCache } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { ClerkAccounts } from './clerk-accounts.ts'
import { backendApiProfileFetcher, type ClerkProfileFetcher } from './clerk-profile.ts'
import type { ClerkRequestAuth } from './clerk-request-auth.ts'
import { ClerkTokenCache } from './clerk-token-cache.ts'
import { networklessClerkVerifier, type ClerkTokenVerifier } from './clerk-token-verifier.ts'
import { registerClerkWebhookRoute } from './clerk-webhook-route.ts'
import { EndedClerkSessions } from './ended-clerk-sessions.ts'
import { networklessClerkAuth } from './networkless-clerk-auth.ts'
import { pluginClerkAuth } from './plugin-clerk-auth.ts'

/**
 * Clerk's SDK telemetry (on by default for development instances) posts usage events to Clerk's
 * servers. Off: the server talks to Clerk only to verify users, and tests never touch the network.
 */
const NO_TELEMETRY = { disabled: true }

/** Said once at start-up by a server without the JWT key. */
export const CLERK_JWT_KEY_WARNING =
  'CLERK_JWT_KEY is not set: every signed-in request has its Clerk session token verified again (keys ' +
  "fetched from Clerk's JWKS endpoint), and Clerk users never take the catalogue fast path. Set it to the " +
  "PEM public key from the Clerk dashboard's API keys page to verify tokens on this machine and keep them."

export interface ClerkIdentityOptions {
  /**
   * Clerk's JWT verification key (PEM), instead of CLERK_JWT_KEY: tests pass the public half of a key
   * they sign with (testing/clerk-test-tokens.ts).
   */
  jwtKey?: string
  /** Replaces the Backend API lookup (tests: no network). */
  fetchProfile?: ClerkProfileFetcher
  /** Replaces the session-token check made with the JWT key (tests count verifications through it). */
  verifyToken?: ClerkTokenVerifier
  /** The clock for kept tokens' expiry and ended sessions (tests step past `exp`). */
  now?: () => Date
}

/**
 * Clerk-hosted sign-in. Each request's session token (`Authorization: Bearer <session JWT>`, or the
 * `__session` cookie) is verified, on this machine with CLERK_JWT_KEY and kept until it expires
 * (networkless-clerk-auth.ts), else by Clerk's plugin on every request (plugin-clerk-auth.ts);
 * `identify` maps Clerk's user id to the stored account, creating it with the trial on first sign-in
 * (clerk-accounts.ts). With CLERK_WEBHOOK_SIGNING_SECRET, Clerk's webhook ends sessions at once.
 */
export function createClerkIdentity(
  config: AppConfig,
  clerk: ClerkIdentityConfig,
  db: Database,
  instance: { sessions: IdentityCache; bus: CacheBus; telemetry?: Telemetry },
  options: ClerkIdentityOptions = {},
): IdentityProvider {
  const jwtKey = options.jwtKey ?? clerk.jwtKey
  const client = createClerkClient({
    secretKey: clerk.secretKey,
    publishableKey: clerk.publishableKey,
    telemetry: NO_TELEMETRY,
    ...(jwtKey && { jwtKey }),
  })
  const accounts = new ClerkAccounts({
    db,
    accounts: instance.sessions,
    fetchProfile: options.fetchProfile ?? backendApiProfileFetcher(client),
    referralDailyCap: config.env.REFERRAL_DAILY_CAP,
    telemetry: instance.telemetry,
  })
  const ended = new EndedClerkSessions(instance.bus, { now: options.now })
  const authorizedParties = authorizedPartiesOf(config)
  const requestAuth: ClerkRequestAuth = jwtKey
    ? networklessClerkAuth({
        tokens: new ClerkTokenCache(instance.bus, {
          verify: options.verifyToken ?? networklessClerkVerifier({ jwtKey, authorizedParties }),
          ended,
          now: options.now,
        }),
        client,
        authorizedParties,
      })
    : pluginClerkAuth(clerkPluginOptions(clerk, authorizedParties))
  const endedSession = (sessionId: string | null) => sessionId !== null && ended.has(sessionId)

  const provider: IdentityProvider = {
    kind: 'clerk',
    async register(app) {
      if (requestAuth.kind === 'plugin') app.log.warn(CLERK_JWT_KEY_WARNING)
      await requestAuth.register(app)
      if (clerk.webhookSigningSecret) {
        await registerClerkWebhookRoute(app, { signingSecret: clerk.webhookSigningSecret, bus: instance.bus })
      }
      registerAuthRoutes(app, { identity: provider, db: db.prisma, adminEmails: config.adminEmails })
    },
    async identify(req) {
      const auth = await requestAuth.of(req)
      return auth && !endedSession(auth.sessionId) ? accounts.identify(req, auth) : null
    },
    knownCaller(req) {
      const auth = requestAuth.known(req)
      if (auth === null || auth === undefined) return auth
      if (endedSession(auth.sessionId)) return undefined
      return instance.sessions.peek(auth.userId)?.user
    },
  }
  return provider
}

/**
 * Clerk checks a token's `azp` (the page origin that obtained it) against this list, so a token minted
 * for another site is refused. Only with an explicit APP_URL: the localhost default would refuse every
 * token of a deployment that forgot to set it.
 */
function authorizedPartiesOf(config: AppConfig): string[] | undefined {
  return config.env.APP_URL ? [config.appUrl, ...config.env.CORS_ORIGINS] : undefined
}

function clerkPluginOptions(clerk: ClerkIdentityConfig, authorizedParties: string[] | undefined): ClerkFastifyOptions {
  return {
    secretKey: clerk.secretKey,
    publishableKey: clerk.publishableKey,
    telemetry: NO_TELEMETRY,
    ...(authorizedParties && { authorizedParties }),
  }
}
