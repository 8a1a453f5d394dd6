import { clerkPlugin, createClerkClient, type ClerkFastifyOptions } from '@clerk/fastify'

import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import type { Database } from '@promptly/db/client'

import type { AppConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import type { IdentityCache } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { ClerkAccounts } from './clerk-accounts.ts'
import { backendApiProfileFetcher, type ClerkProfileFetcher } from './clerk-profile.ts'

/**
 * Clerk's SDK telemetry (on by default for development instances) posts usage events to Clerk's
 * servers. Off: the server talks to Clerk only to verify users, and tests never touch the network.
 */
const NO_TELEMETRY = { disabled: true }

export type ClerkSettings = Extract<AppConfig['identity'], { kind: 'clerk' }>

export interface ClerkIdentityOptions {
  /**
   * Clerk's JWT verification key (PEM). With it, session tokens verify with no call to Clerk's
   * JWKS endpoint: tests pass the public half of a key they sign with; production may pass the
   * dashboard's key (or set CLERK_JWT_KEY, which @clerk/fastify reads itself) to skip the fetch.
   */
  jwtKey?: string
  /** Replaces the Backend API lookup (tests: no network). */
  fetchProfile?: ClerkProfileFetcher
}

/**
 * Clerk-hosted sign-in. @clerk/fastify's plugin verifies the session token (the `__session` cookie
 * or `Authorization: Bearer <session JWT>`) before each handler; `identify` maps Clerk's user id
 * to the stored account, creating it with the trial on first sign-in (clerk-accounts.ts).
 */
export function createClerkIdentity(
  config: AppConfig,
  clerk: ClerkSettings,
  db: Database,
  instance: { sessions: IdentityCache; telemetry?: Telemetry },
  options: ClerkIdentityOptions = {},
): IdentityProvider {
  const fetchProfile =
    options.fetchProfile ??
    backendApiProfileFetcher(
      createClerkClient({ secretKey: clerk.secretKey, publishableKey: clerk.publishableKey, telemetry: NO_TELEMETRY }),
    )
  const accounts = new ClerkAccounts({
    db,
    accounts: instance.sessions,
    fetchProfile,
    referralDailyCap: config.env.REFERRAL_DAILY_CAP,
    telemetry: instance.telemetry,
  })
  const provider: IdentityProvider = {
    kind: 'clerk',
    async register(app) {
      await app.register(clerkPlugin, clerkPluginOptions(config, clerk, options))
      registerAuthRoutes(app, { identity: provider, db: db.prisma, adminEmails: config.adminEmails })
    },
    identify: (req) => accounts.identify(req),
    knownCaller(req) {
      // Clerk's plugin reads credentials after this hook would run: only their absence is known.
      return req.headers.authorization === undefined && req.headers.cookie === undefined ? null : undefined
    },
  }
  return provider
}

function clerkPluginOptions(
  config: AppConfig,
  clerk: ClerkSettings,
  options: ClerkIdentityOptions,
): ClerkFastifyOptions {
  // Clerk checks a token's `azp` (the page origin that obtained it) against this list, so a token
  // minted for another site is refused. Only with an explicit APP_URL: the localhost default would
  // refuse every token of a deployment that forgot to set it.
  const authorizedParties = config.env.APP_URL ? [config.appUrl, ...config.env.CORS_ORIGINS] : undefined
  return {
    secretKey: clerk.secretKey,
    publishableKey: clerk.publishableKey,
    telemetry: NO_TELEMETRY,
    ...(options.jwtKey && { jwtKey: options.jwtKey }),
    ...(authorizedParties && { authorizedParties }),
  }
}
