import type { FastifyInstance } from 'fastify'

import type { AppConfig } from '../config/app-config.ts'
import { registerDevOutboxRoute } from './dev-outbox-route.ts'
import type { Mailer, SentMail } from './mailer.ts'

/** The app's mailer, and where a development page shows a sent message (undefined in production or with SMTP). */
export interface AppMail {
  mailer: Mailer
  devOutboxUrl(sent: SentMail): string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: AppMail
  }
}

/**
 * Makes the mailer (services.ts picks it) `app.mail` for the routes that send, and outside production
 * registers the outbox page. In production that route does not exist at all.
 */
export function registerMail(app: FastifyInstance, config: AppConfig, mailer: Mailer): void {
  const devOutboxDir = config.mail.kind === 'outbox' && config.nodeEnv !== 'production' ? config.mail.dir : undefined
  if (devOutboxDir) registerDevOutboxRoute(app, devOutboxDir)
  app.decorate('mail', {
    mailer,
    devOutboxUrl: (sent: SentMail) => (devOutboxDir ? `/api/dev/outbox/${sent.id}` : undefined),
  } satisfies AppMail)
}
