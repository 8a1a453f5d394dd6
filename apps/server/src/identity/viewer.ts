import { me } from '@promptly/api/auth/me.handler'
import type { SignedInUser } from '@promptly/api/context'
import type { Viewer } from '@promptly/core/identity/user'

/**
 * The Viewer shape for REST answers ({user} of sign-in, sign-up and /api/auth/me), made by the
 * same handler as tRPC's `auth.me` so both always agree.
 */
export function viewerOf(user: SignedInUser): Viewer {
  const viewer = me({ ctx: { user } })
  if (!viewer) throw new Error('me() returned null for a signed-in user')
  return viewer
}
