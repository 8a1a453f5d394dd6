import type { Database } from '@promptly/db/client'

import type { AppConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import { IdentityCache } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { registerLocalAuthRoutes } from './local-auth-routes.ts'
import { LoginThrottle } from './login-throttle.ts'
import { prepareDummyHash } from './password-hashing.ts'
import { sessionTokenInHeaders, sessionTokenOf } from './session-cookie.ts'
import { findSession, hashSessionToken, isWellFormedSessionToken, type FoundSession } from './sessions.ts'

const HOUR_MS = 60 * 60 * 1000

/** Reset mails one (address, client) pair may ask for per hour. */
export const RESET_REQUESTS_PER_HOUR = 5

export interface LocalIdentityOptions {
  /** Tests pass their own to control the clock or the limits. */
  throttle?: LoginThrottle
  signUpThrottle?: LoginThrottle
  resetThrottle?: LoginThrottle
  /** The clock for link tokens and sessions. */
  now?: () => Date
}

/**
 * E-mail and password accounts with server-side sessions: the provider when Clerk is not configured.
 * Its routes send mail through `app.mail` (mail/register-mail.ts), registered before identities.
 */
export function createLocalIdentity(
  config: AppConfig,
  db: Database,
  options: LocalIdentityOptions = {},
): IdentityProvider {
  const now = options.now ?? (() => new Date())
  const signInThrottle = options.throttle ?? new LoginThrottle()
  const signUpThrottle =
    options.signUpThrottle ?? new LoginThrottle({ maxAttempts: config.env.SIGNUP_LIMIT_PER_HOUR, windowMs: HOUR_MS })
  const resetThrottle =
    options.resetThrottle ?? new LoginThrottle({ maxAttempts: RESET_REQUESTS_PER_HOUR, windowMs: HOUR_MS })
  // Sessions by token hash: a signed-in request reads the database once per session every few seconds.
  const sessions = new IdentityCache<FoundSession>(db.prisma, options.now ? { now } : {})
  const provider: IdentityProvider = {
    kind: 'local',
    async register(app) {
      app.addHook('onClose', async () => sessions.close())
      await prepareDummyHash()
      await registerLocalAuthRoutes(app, {
        db: db.prisma,
        adminEmails: config.adminEmails,
        secureCookies: config.nodeEnv === 'production',
        appUrl: config.appUrl,
        mail: app.mail,
        signInThrottle,
        signUpThrottle,
        resetThrottle,
        now,
      })
      registerAuthRoutes(app, { identity: provider, db: db.prisma, adminEmails: config.adminEmails })
    },
    async identify(req) {
      const token = sessionTokenOf(req)
      if (!token || !isWellFormedSessionToken(token)) return null
      const found = await sessions.get(hashSessionToken(token), () => findSession(db.prisma, token, now()))
      return found?.user ?? null
    },
    knownCaller(req) {
      const token = sessionTokenInHeaders(req.headers)
      if (token === undefined) return null
      if (!isWellFormedSessionToken(token)) return undefined
      return sessions.peek(hashSessionToken(token))?.user
    },
  }
  return provider
}
