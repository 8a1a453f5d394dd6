import { isLoopbackHost } from '../identity/local/session-cookie.ts'
import type { AppConfig } from './app-config.ts'

/**
 * What an operator must hear when local accounts cannot sign in: the session cookie is Secure on
 * every host but loopback (identity/local/session-cookie.ts), so a browser drops it on a portal
 * served over plain HTTP elsewhere. Said at start-up and in /health; null when all is well.
 */
export function plainHttpSignInWarning(config: Pick<AppConfig, 'appUrl' | 'identity'>): string | null {
  if (config.identity.kind !== 'local') return null
  const url = new URL(config.appUrl)
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return null
  return (
    `APP_URL (${url.origin}) is plain HTTP on a host that is not loopback: browsers will not keep the ` +
    'Secure session cookie there, so nobody can sign in. Serve the portal over HTTPS and set APP_URL to it.'
  )
}
