import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * How long a media URL handed out keeps working: 7 days. The longest an S3 presigned URL may live
 * (SigV4 caps X-Amz-Expires at 604800 s), so a link lives as long whichever storage holds the file;
 * long enough for a script to post it in a scheduled social post or a newsletter, short enough that
 * a leaked link dies on its own. Deleting the generation revokes it sooner.
 */
export const MEDIA_URL_LIFETIME_SECONDS = 7 * 24 * 60 * 60

/** The query a signed /media/{id} URL carries: its expiry (Unix seconds) and the signature over id and expiry. */
export interface MediaUrlSignature {
  exp: number
  sig: string
}

/** Unix seconds, as far as a signature lives: at most 12 digits, so no number is ever rounded. */
const EXPIRY = /^\d{1,12}$/
/** An HMAC-SHA256 in base64url without padding: 43 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/

/**
 * The signature that lets anyone holding `/media/{mediaId}?exp=...&sig=...` load the file until
 * `exp`: HMAC-SHA256 with the server's media secret over the id and the expiry, so neither can be
 * changed (another file, a later expiry) without the secret.
 */
export function signMediaUrl(secret: string, mediaId: string, exp: number): MediaUrlSignature {
  return { exp, sig: createHmac('sha256', secret).update(`${mediaId}.${exp}`).digest('base64url') }
}

/**
 * Whether `query` (a request's exp and sig, as given) signs `mediaId` and has not expired at
 * `nowSeconds`. Anything malformed (missing, repeated, not a number, the wrong length) is simply not
 * valid; the comparison takes the same time wherever the signatures differ.
 */
export function isValidMediaUrlSignature(
  secret: string,
  mediaId: string,
  query: { exp?: unknown; sig?: unknown },
  nowSeconds: number,
): boolean {
  const { exp, sig } = query
  if (typeof exp !== 'string' || typeof sig !== 'string' || !EXPIRY.test(exp) || !SIGNATURE.test(sig)) return false
  const expiresAt = Number(exp)
  if (expiresAt <= nowSeconds) return false
  const expected = Buffer.from(signMediaUrl(secret, mediaId, expiresAt).sig)
  return timingSafeEqual(expected, Buffer.from(sig))
}

/** Now, in the Unix seconds a signature's expiry is written in. */
export function unixSeconds(at: number = Date.now()): number {
  return Math.floor(at / 1000)
}
