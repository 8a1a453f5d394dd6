import type { CacheBus } from '@promptly/api/caching/cache-bus'
import { noTelemetry, type Telemetry } from '@promptly/api/telemetry/telemetry'
import type { Database } from '@promptly/db/client'

import type { AppConfig } from '../../config/app-config.ts'
import type { SharedCounts } from '../../shared-state/shared-counts.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import type { IdentityCache } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { registerLocalAuthRoutes } from './local-auth-routes.ts'
import {
  SIGN_IN_ATTEMPTS,
  SIGN_IN_FAILURES_PER_CLIENT,
  SIGN_IN_WINDOW_MS,
  type AttemptThrottle,
} from './login-throttle.ts'
import { prepareDummyHash } from './password-hashing.ts'
import { sessionTokenInHeaders, sessionTokenOf } from './session-cookie.ts'
import { findSession, hashSessionToken, isWellFormedSessionToken } from './sessions.ts'

const HOUR_MS = 60 * 60 * 1000

/** Reset mails one (address, client) pair may ask for per hour. */
export const RESET_REQUESTS_PER_HOUR = 5

export interface LocalIdentityOptions {
  /**
   * Where the sign-in, sign-up and reset throttles count (services.ts's shared state): in Redis
   * across every instance when REDIS_URL is set, else in this process.
   */
  counts: Pick<SharedCounts, 'attemptThrottle'>
  /**
   * The instance's identity cache (sessions by token hash: a signed-in request reads the database
   * once per session every few seconds) and the bus that clears it on every instance (services.ts).
   */
  caches: { sessions: IdentityCache; bus: CacheBus }
  /** Where the credits a verification grants are reported (the instance's metrics); nowhere by default. */
  telemetry?: Telemetry
  /** Tests pass their own to control the clock or the limits. */
  throttle?: AttemptThrottle
  signUpThrottle?: AttemptThrottle
  resetThrottle?: AttemptThrottle
  /** The clock for link tokens and sessions. */
  now?: () => Date
}

/**
 * E-mail and password accounts with server-side sessions: the provider when Clerk is not configured.
 * Its routes send mail through `app.mail` (mail/register-mail.ts), registered before identities.
 */
export function createLocalIdentity(config: AppConfig, db: Database, options: LocalIdentityOptions): IdentityProvider {
  const now = options.now ?? (() => new Date())
  const { counts } = options
  const throttles = {
    signInThrottle: options.throttle ?? counts.attemptThrottle('sign-in', SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS),
    signInFailuresByClient: counts.attemptThrottle('sign-in-client', SIGN_IN_FAILURES_PER_CLIENT, SIGN_IN_WINDOW_MS),
    signUpThrottle:
      options.signUpThrottle ?? counts.attemptThrottle('sign-up', config.env.SIGNUP_LIMIT_PER_HOUR, HOUR_MS),
    resetThrottle: options.resetThrottle ?? counts.attemptThrottle('reset', RESET_REQUESTS_PER_HOUR, HOUR_MS),
  }
  const { sessions, bus } = options.caches
  const provider: IdentityProvider = {
    kind: 'local',
    async register(app) {
      await prepareDummyHash()
      await registerLocalAuthRoutes(app, {
        db: db.prisma,
        cacheBus: bus,
        adminEmails: config.adminEmails,
        appUrl: config.appUrl,
        mail: app.mail,
        ...throttles,
        now,
        referralDailyCap: config.env.REFERRAL_DAILY_CAP,
        telemetry: options.telemetry ?? noTelemetry,
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
