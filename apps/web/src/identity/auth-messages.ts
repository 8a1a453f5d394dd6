import type { TFunction } from 'i18next'

import { MESSAGES, resendWaitMessage } from '@promptly/core/messages'

const RESEND_WAIT = new RegExp(`^${resendWaitMessage(0).replace('0', '(\\d+)')}$`)

/**
 * The account endpoints answer in English (their words live in core, shared with the server and
 * the legacy API's scripts). Each answer the forms can meet is said again in the visitor's language
 * here, looked up by those words; an answer not listed is shown as it came.
 */
export function authMessage(message: string, t: TFunction): string {
  const known = new Map<string, string>([
    [MESSAGES.wrongCredentials, t('identity.errors.server.wrongCredentials')],
    [MESSAGES.emailTaken, t('identity.errors.server.emailTaken')],
    [MESSAGES.tooManyAttempts, t('identity.errors.server.tooManyAttempts')],
    [MESSAGES.tooManySignUps, t('identity.errors.server.tooManySignUps')],
    [MESSAGES.tooManyResetRequests, t('identity.errors.server.tooManyResetRequests')],
    [MESSAGES.resetLinkInvalid, t('identity.errors.server.resetLinkInvalid')],
    [MESSAGES.currentPasswordWrong, t('identity.errors.server.currentPasswordWrong')],
    [MESSAGES.emailAlreadyVerified, t('identity.errors.server.emailAlreadyVerified')],
    [MESSAGES.signInToContinue, t('identity.errors.server.signInToContinue')],
  ])
  const listed = known.get(message)
  if (listed) return listed
  if (message.startsWith(MESSAGES.weakPasswordPrefix)) {
    // The strength checker's hint exists in English only: English readers get it as the server
    // wrote it, the others general advice in their language rather than a sentence in two languages.
    const advice = t('identity.errors.server.weakPassword')
    return advice.startsWith(MESSAGES.weakPasswordPrefix) ? message : advice
  }
  const wait = RESEND_WAIT.exec(message)
  if (wait) return t('identity.errors.server.resendWait', { count: Number(wait[1]) })
  return message
}
