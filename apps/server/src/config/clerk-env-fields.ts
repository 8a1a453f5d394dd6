import { createPublicKey } from 'node:crypto'
import { z } from 'zod'

/** A variable set to nothing (or blanks) counts as unset. */
const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/**
 * CLERK_JWT_KEY: the PEM public key of the Clerk dashboard's API keys page, which lets session tokens
 * verify on this machine. `\n` written literally (one-line .env files) counts as a line break.
 * Clerk's SDK reads the key as a 2048-bit RSA key in SPKI form (it strips that key's fixed prefix and
 * takes the rest for the modulus), so any other key is refused here rather than failing every token.
 */
export const clerkJwtKey = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .transform((value) => value.replaceAll('\\n', '\n'))
    .refine(isClerkShapedPublicKey, "must be Clerk's JWT public key (PEM, from the dashboard's API keys page)")
    .optional(),
)

/** CLERK_WEBHOOK_SIGNING_SECRET: the endpoint's signing secret in the Clerk dashboard (`whsec_` + base64). */
export const clerkWebhookSigningSecret = z.preprocess(
  blankAsUnset,
  z
    .string()
    .trim()
    .regex(
      /^whsec_[A-Za-z0-9+/]{16,}={0,2}$/,
      "must be the endpoint's signing secret from the Clerk dashboard (whsec_...)",
    )
    .optional(),
)

function isClerkShapedPublicKey(pem: string): boolean {
  if (!pem.startsWith('-----BEGIN PUBLIC KEY-----')) return false
  try {
    const key = createPublicKey(pem)
    return key.asymmetricKeyType === 'rsa' && key.asymmetricKeyDetails?.modulusLength === 2048
  } catch {
    return false
  }
}
