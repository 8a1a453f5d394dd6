import { renderMail, type MailContent } from './layout.ts'

export function verifyEmailMail({ name, link }: { name: string; link: string }): MailContent {
  return {
    ...renderMail('Confirm your e-mail address for Promptly', name, [
      { text: 'Thanks for signing up. Confirm that this address is yours to start your free trial credits.' },
      { label: 'Confirm my e-mail address', href: link },
      { text: 'The link works once and expires in 24 hours. If you did not sign up, ignore this message.' },
    ]),
    link,
  }
}
