import nodemailer from 'nodemailer'

import type { Mailer } from './mailer.ts'

/**
 * Sends through an SMTP server (credentials, if any, live in the URL: smtps://user:pass@host:465).
 * One connection per message: mail here is rare (sign-ups, resets), a pool would only hold sockets.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from: options.from, to, subject, text, html })
      return { id: info.messageId }
    },
    async close() {
      transport.close()
    },
  }
}
