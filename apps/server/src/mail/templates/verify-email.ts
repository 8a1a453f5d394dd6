import { singleUseLinkMail } from './single-use-link.ts'

export const verifyEmailMail = singleUseLinkMail('verify_email', {
  subject: 'Confirm your e-mail address for Promptly',
  reason: 'Thanks for signing up. Confirm that this address is yours to start your free trial credits.',
  action: 'Confirm my e-mail address',
  ifNotYou: 'If you did not sign up, ignore this message.',
})
