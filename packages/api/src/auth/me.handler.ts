import type { Viewer } from '@promptly/core/identity/user'

import type { Context } from '../context.ts'

/** Who is signed in, or null: the web app's identity state. */
export function me({ ctx }: { ctx: Pick<Context, 'user'> }): Viewer | null {
  const user = ctx.user
  if (!user) return null
  return {
    id: user.id,
    clerkId: user.clerkId,
    name: user.name,
    email: user.email,
    imageUrl: user.imageUrl,
    role: user.role,
    isAdmin: user.isAdmin,
    plan: user.plan,
    trialEndsAt: user.trialEndsAt,
    emailVerified: user.emailVerifiedAt !== null,
  }
}
