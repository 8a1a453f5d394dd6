import type { Database } from '@promptly/db/client'
import type { AppConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import { registerLocalAuthRoutes } from './local-auth-routes.ts'
import { LoginThrottle } from './login-throttle.ts'
import { prepareDummyHash } from './password-hashing.ts'
import { sessionTokenOf } from './session-cookie.ts'
import { findSessionUser } from './sessions.ts'

export interface LocalIdentityOptions {
  /** Tests pass their own to control the clock or the limits. */
  throttle?: LoginThrottle
}

/** E-mail and password accounts with server-side sessions: the provider when Clerk is not configured. */
export function createLocalIdentity(config: AppConfig, db: Database, options: LocalIdentityOptions = {}): IdentityProvider {
  const throttle = options.throttle ?? new LoginThrottle()
  const provider: IdentityProvider = {
    kind: 'local',
    async register(app) {
      await prepareDummyHash()
      registerLocalAuthRoutes(app, {
        db: db.prisma,
        adminEmails: config.adminEmails,
        secureCookies: config.nodeEnv === 'production',
        throttle,
      })
      registerAuthRoutes(app, { identity: provider, db: db.prisma, adminEmails: config.adminEmails })
    },
    async identify(req) {
      const token = sessionTokenOf(req)
      return token ? findSessionUser(db.prisma, token) : null
    },
  }
  return provider
}
