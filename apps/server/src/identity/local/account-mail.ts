import type { FastifyBaseLogger } from 'fastify'

import type { EmailTokenPurpose, User } from '@promptly/db/generated/prisma/client'

import type { SentMail } from '../../mail/mailer.ts'
import { alreadyRegisteredMail } from '../../mail/templates/already-registered.ts'
import type { MailContent } from '../../mail/templates/layout.ts'
import { passwordChangedMail } from '../../mail/templates/password-changed.ts'
import { resetPasswordMail } from '../../mail/templates/reset-password.ts'
import { verifyEmailMail } from '../../mail/templates/verify-email.ts'
import { issueEmailToken } from './email-tokens.ts'
import type { LocalAuthDeps } from './local-route-kit.ts'

/** Where the mails' links lead: the API verifies on a plain GET; the web app has the other pages. */
export const ACCOUNT_LINK_PATHS = {
  verifyEmail: '/api/auth/local/verify-email',
  resetPassword: '/reset-password',
  signIn: '/login',
  forgotPassword: '/forgot-password',
} as const

/** A fresh 24-hour verification link for the account's current address. */
export function sendVerificationMail(deps: LocalAuthDeps, user: User): Promise<SentMail> {
  return sendLinkMail(deps, user, 'verify_email', ACCOUNT_LINK_PATHS.verifyEmail, verifyEmailMail)
}

/** A fresh 1-hour reset link. */
export function sendResetMail(deps: LocalAuthDeps, user: User): Promise<SentMail> {
  return sendLinkMail(deps, user, 'reset_password', ACCOUNT_LINK_PATHS.resetPassword, resetPasswordMail)
}

/** A new single-use token for the user's current address, mailed as a link to `path?token=`. */
async function sendLinkMail(
  deps: LocalAuthDeps,
  user: User,
  purpose: EmailTokenPurpose,
  path: string,
  template: (mail: { name: string; link: string }) => MailContent,
): Promise<SentMail> {
  const token = await issueEmailToken(deps.db, { userId: user.id, purpose, email: user.email }, deps.now())
  const link = `${deps.appUrl}${path}?token=${token}`
  return send(deps, user.email, template({ name: user.name, link }))
}

export function sendAlreadyRegisteredMail(deps: LocalAuthDeps, user: User): Promise<SentMail> {
  return send(
    deps,
    user.email,
    alreadyRegisteredMail({
      name: user.name,
      signInLink: `${deps.appUrl}${ACCOUNT_LINK_PATHS.signIn}`,
      resetLink: `${deps.appUrl}${ACCOUNT_LINK_PATHS.forgotPassword}`,
    }),
  )
}

export function sendPasswordChangedMail(deps: LocalAuthDeps, user: User): Promise<SentMail> {
  const resetLink = `${deps.appUrl}${ACCOUNT_LINK_PATHS.forgotPassword}`
  return send(deps, user.email, passwordChangedMail({ name: user.name, resetLink }))
}

/**
 * For mail that must not change the answer (sign-up, a reset request, a notice): a failure to
 * send is logged and the request still succeeds, so a down mail server neither breaks the flow
 * nor tells a stranger which addresses have accounts. The user can ask again.
 */
export async function sendQuietly(
  log: FastifyBaseLogger,
  sending: () => Promise<SentMail>,
): Promise<SentMail | undefined> {
  try {
    return await sending()
  } catch (error) {
    log.error({ err: error }, 'could not send mail')
    return undefined
  }
}

function send(deps: LocalAuthDeps, to: string, content: MailContent): Promise<SentMail> {
  return deps.mail.mailer.send({ to, ...content })
}
