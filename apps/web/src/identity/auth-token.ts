/**
 * A hook point for the Clerk module (loaded lazily) to hand the tRPC client its session token
 * without the main bundle importing Clerk. With local identity nothing is registered and the
 * session cookie alone identifies the visitor.
 */
type TokenGetter = () => Promise<string | null>

let getToken: TokenGetter | null = null

export function setAuthTokenGetter(getter: TokenGetter | null): void {
  getToken = getter
}

export async function authorizationHeaders(): Promise<Record<string, string>> {
  if (!getToken) return {}
  try {
    const token = await getToken()
    return token ? { Authorization: `Bearer ${token}` } : {}
  } catch {
    return {}
  }
}
