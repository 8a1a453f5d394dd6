import { createHmac, randomBytes, randomUUID } from 'node:crypto'

/** A signing secret as the Clerk dashboard shows one: `whsec_` and 24 random bytes in base64. */
export function clerkWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

export interface ClerkDelivery {
  /** Spread into `inject({ headers })`. */
  headers: Record<string, string>
  payload: string
}

/**
 * A webhook delivery signed as Clerk's sender (Svix) signs one, written out here rather than with the
 * library the server verifies with: HMAC-SHA256 of `<id>.<timestamp>.<body>` under the secret's
 * bytes, sent as `v1,<base64>`.
 */
export function signedClerkDelivery(
  secret: string,
  event: { type: string; data: Record<string, unknown> },
  { sentAt = new Date() }: { sentAt?: Date } = {},
): ClerkDelivery {
  const id = `msg_${randomUUID().replaceAll('-', '')}`
  const timestamp = String(Math.floor(sentAt.getTime() / 1000))
  const payload = JSON.stringify({ ...event, object: 'event', timestamp: sentAt.getTime() })
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${payload}`).digest('base64')
  return {
    headers: {
      'content-type': 'application/json',
      'svix-id': id,
      'svix-timestamp': timestamp,
      'svix-signature': `v1,${signature}`,
    },
    payload,
  }
}

/** Clerk's `session.ended` (or `.revoked`, `.removed`) event for a session of a user. */
export function sessionEvent(type: string, sessionId: string, clerkUserId: string) {
  return { type, data: { id: sessionId, object: 'session', user_id: clerkUserId, status: type.split('.')[1] } }
}
