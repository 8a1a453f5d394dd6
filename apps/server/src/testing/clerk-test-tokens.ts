import { randomUUID } from 'node:crypto'
import { exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose'

export interface ClerkTestKeys {
  /** The PEM public key to pass as `clerk.jwtKey`: tokens signed below then verify offline. */
  jwtKey: string
  /** A Clerk-shaped session token for `userId` (`sub`), valid for 10 minutes unless `claims` say otherwise. */
  sessionToken(userId: string, claims?: JWTPayload): Promise<string>
}

/**
 * A key pair standing in for a Clerk instance. Clerk session tokens are RS256 JWTs with `sub`
 * (user id), `sid` (session id), `iat`, `nbf`, `exp`, `jti`, and whatever custom claims the dashboard
 * adds. The `jti` makes each token its own: RS256 signs the same claims to the same bytes, and two
 * tokens minted in one second would otherwise be one.
 */
export async function createClerkTestKeys(): Promise<ClerkTestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  return {
    jwtKey: await exportSPKI(publicKey),
    sessionToken(userId, claims = {}) {
      const now = Math.floor(Date.now() / 1000)
      const standard = {
        sub: userId,
        sid: `sess_${userId}`,
        iss: 'https://promptly-test.clerk.accounts.dev',
        iat: now - 5,
        nbf: now - 5,
        exp: now + 600,
        jti: randomUUID(),
      }
      return new SignJWT({ ...standard, ...claims })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'ins_test' })
        .sign(privateKey)
    },
  }
}
