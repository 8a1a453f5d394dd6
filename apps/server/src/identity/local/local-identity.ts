import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'

import type { Database } from '@promptly/db/client'

import type { AppConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import { IdentityCache } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { registerLocalAuthRoutes } from './local-auth-routes.ts'
import {
  LoginThrottle,
  SIGN_IN_ATTEMPTS,
  SIGN_IN_FAILURES_PER_CLIENT,
  SIGN_IN_WINDOW_MS,
  type AttemptThrottle,
} from './login-throttle.ts'
import { prepareDummyHash } from './password-hashing.ts'
import { RedisAttemptThrottle } from './redis-attempt-throttle.ts'
import { sessionTokenInHeaders, sessionTokenOf } from './session-cookie.ts'
import { findSession, hashSessionToken, isWellFormedSessionToken, type FoundSession } from './sessions.ts'

const HOUR_MS = 60 * 60 * 1000

/** Reset mails one (address, client) pair may ask for per hour. */
export const RESET_REQUESTS_PER_HOUR = 5

export interface LocalIdentityOptions {
  /** Shared state (REDIS_URL): the throttles then count across every instance. */
  redis?: Redis | null
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
export function createLocalIdentity(
  config: AppConfig,
  db: Database,
  options: LocalIdentityOptions = {},
): IdentityProvider {
  const now = options.now ?? (() => new Date())
  const throttles = (log: FastifyBaseLogger) => {
    const made = (name: string, maxAttempts: number, windowMs: number): AttemptThrottle => {
      const inMemory = new LoginThrottle({ maxAttempts, windowMs })
      if (!options.redis) return inMemory
      return new RedisAttemptThrottle(options.redis, { name, maxAttempts, windowMs, fallback: inMemory, log })
    }
    return {
      signInThrottle: options.throttle ?? made('sign-in', SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS),
      signInFailuresByClient: made('sign-in-client', SIGN_IN_FAILURES_PER_CLIENT, SIGN_IN_WINDOW_MS),
      signUpThrottle: options.signUpThrottle ?? made('sign-up', config.env.SIGNUP_LIMIT_PER_HOUR, HOUR_MS),
      resetThrottle: options.resetThrottle ?? made('reset', RESET_REQUESTS_PER_HOUR, HOUR_MS),
    }
  }
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
        appUrl: config.appUrl,
        mail: app.mail,
        ...throttles(app.log),
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
