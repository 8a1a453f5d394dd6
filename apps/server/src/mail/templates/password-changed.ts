import { renderMail, type MailContent } from './layout.ts'

export function passwordChangedMail({ name, resetLink }: { name: string; resetLink: string }): MailContent {
  return renderMail('Your Promptly password was changed', name, [
    { text: 'The password of your Promptly account was just changed, and your other sessions were signed out.' },
    { text: 'If this was not you, reset your password now:' },
    { label: 'Reset my password', href: resetLink },
  ])
}
