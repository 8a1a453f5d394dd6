import type { AuthedContext, Context } from '@promptly/api/context'
import { forbidden } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'

import { signedInCaller, type CallerRule } from '../rest-caller.ts'

/**
 * The admin console's calls: signed in with a session (an API key never has admin rights, so it is
 * refused outright), as an admin (a 403 before the input is read), and `?clerkId=` is not read: it
 * can neither make a user an admin nor make an admin act as someone else.
 */
export const ADMIN_ONLY: CallerRule = {
  signedOut: MESSAGES.loginToContinue,
  clerkId: 'ignored',
  refuseApiKeys: 'The admin console needs a signed-in session, not an API key',
  admin: MESSAGES.cannotAccess,
}

/**
 * The signed-in caller if an admin (by role or a verified ADMIN_EMAILS address), else a 403: the
 * caller hook refused everyone else already; this narrows the type, and holds if a rule is lost.
 */
export function adminCaller(ctx: Context): AuthedContext {
  const caller = signedInCaller(ctx)
  if (!caller.user.isAdmin) throw forbidden(MESSAGES.cannotAccess)
  return caller
}
