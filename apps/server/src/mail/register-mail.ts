import type { FastifyInstance } from 'fastify'

import type { Mailer } from './mailer.ts'

/** The app's mailer, for the routes that send. */
export interface AppMail {
  mailer: Mailer
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: AppMail
  }
}

/**
 * Makes the mailer (services.ts picks it) `app.mail` for the routes that send. No route reads mail
 * back: the outbox folder and the SMTP server are the only ways out, in every mode.
 */
export function registerMail(app: FastifyInstance, mailer: Mailer): void {
  app.decorate('mail', { mailer } satisfies AppMail)
}
