import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/app-config.ts'
import type { Mailer } from './mailer.ts'
import { createOutboxMailer } from './outbox-mailer.ts'
import { createSmtpMailer } from './smtp-mailer.ts'

/** The one place that decides how mail leaves: SMTP when SMTP_URL is set, the outbox folder otherwise. */
export function selectMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.mail.kind === 'smtp') return createSmtpMailer({ url: config.mail.url, from: config.mail.from })
  return createOutboxMailer({
    dir: config.mail.dir,
    from: config.mail.from,
    revealLinks: config.nodeEnv !== 'production',
    appUrl: config.appUrl,
    log: (line) => log.info({ outbox: line }, 'mail written to the outbox'),
  })
}
