import { singleUseLinkMail } from './single-use-link.ts'

export const resetPasswordMail = singleUseLinkMail('reset_password', {
  subject: 'Reset your Promptly password',
  reason: 'Someone asked to reset the password of your Promptly account.',
  action: 'Choose a new password',
  ifNotYou: 'If you did not ask, ignore this message.',
})
