import type { Database } from '@promptly/db/client'
import type { AppConfig } from '../config/app-config.ts'
import type { ClerkIdentityOptions } from './clerk/clerk-identity.ts'
import type { IdentityProvider } from './identity-provider.ts'
import { createLocalIdentity } from './local/local-identity.ts'

/**
 * The one place that decides who vouches for users: Clerk when both its keys are configured
 * (resolveConfig sets identity.kind), local e-mail/password accounts otherwise. `clerkOptions`
 * lets tests verify self-signed tokens offline and replace the Backend API lookup.
 */
export async function selectIdentity(
  config: AppConfig,
  db: Database,
  clerkOptions: ClerkIdentityOptions = {},
): Promise<IdentityProvider> {
  if (config.identity.kind === 'clerk') {
    // Imported only when used: local-account servers (and most tests) never load Clerk's SDK.
    const { createClerkIdentity } = await import('./clerk/clerk-identity.ts')
    return createClerkIdentity(config, config.identity, db, clerkOptions)
  }
  return createLocalIdentity(config, db)
}
