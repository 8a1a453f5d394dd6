import { renderMail, type MailContent } from './layout.ts'

export function resetPasswordMail({ name, link }: { name: string; link: string }): MailContent {
  return {
    ...renderMail('Reset your Promptly password', name, [
      { text: 'Someone asked to reset the password of your Promptly account.' },
      { label: 'Choose a new password', href: link },
      { text: 'The link works once and expires in 1 hour. If you did not ask, ignore this message.' },
    ]),
    link,
  }
}
