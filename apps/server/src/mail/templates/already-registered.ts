import { renderMail, type MailContent } from './layout.ts'

/** Sent instead of a second account: sign-up answers the same either way, only the mailbox learns the truth. */
export function alreadyRegisteredMail(input: { name: string; signInLink: string; resetLink: string }): MailContent {
  const { name, signInLink, resetLink } = input
  return renderMail('You already have a Promptly account', name, [
    { text: 'Someone (probably you) tried to sign up to Promptly with this address, which already has an account.' },
    { label: 'Sign in', href: signInLink },
    { text: 'Forgot your password? Choose a new one:' },
    { label: 'Reset my password', href: resetLink },
    { text: 'If this was not you, ignore this message: nothing has changed.' },
  ])
}
