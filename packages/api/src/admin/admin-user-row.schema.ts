import { z } from 'zod'

import { PLANS, ROLES } from '@promptly/core/identity/user'

/**
 * The spec's Admin user row (`_id`, clerkId, name, email, current_limit, in its own names, so the
 * legacy GET /user/get/all sends these rows as they are) and what the console needs besides.
 */
export const adminUserRow = z.object({
  _id: z.string(),
  clerkId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Credits left. */
  current_limit: z.number().int(),
  /** Credits granted for the current period. */
  max_limit: z.number().int(),
  /** The plan in force now: a paid plan that has ended reads as free. */
  plan: z.enum(PLANS),
  /** When that plan ends: the paid plan's end, or on the free plan the trial's (null before verification). */
  planValidTill: z.date().nullable(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  joinedAt: z.date(),
  /** The latest of: a local session seen, a generation started, an API key used. Null if none yet. */
  lastActiveAt: z.date().nullable(),
})
export type AdminUserRow = z.infer<typeof adminUserRow>
