import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

import type { Mailer } from './mailer.ts'

/** `<milliseconds since 1970>-<16 hex digits>`: sorts by time, unguessable, and safe as a file name. */
const OUTBOX_ID = /^\d{13}-[0-9a-f]{16}$/

export function isOutboxId(id: string): boolean {
  return OUTBOX_ID.test(id)
}

/** The file of an outbox message; only for ids that passed `isOutboxId`, so no path can escape `dir`. */
export function outboxFile(dir: string, id: string): string {
  if (!isOutboxId(id)) throw new Error('not an outbox id')
  return path.join(dir, `${id}.eml`)
}

export interface OutboxMailerOptions {
  dir: string
  from: string
  /** Told the file's name for every message; outside production also the message's link. */
  log: (line: { file: string; link?: string; preview?: string }) => void
  /** Outside production: the log line carries the message's link and the page that shows it. */
  revealLinks: boolean
  /** Origin of the dev outbox page, for the log line. */
  appUrl: string
}

/**
 * Mail for a machine without an SMTP server: each message is a complete RFC 822 file
 * (`<dir>/<id>.eml`, openable in any mail program), built by nodemailer exactly as it would be sent.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, link }) {
      const built = await builder.sendMail({ from: options.from, to, subject, text, html })
      const id = `${Date.now()}-${randomBytes(8).toString('hex')}`
      const file = outboxFile(options.dir, id)
      await mkdir(options.dir, { recursive: true })
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(`${file}.part`, built.message, { mode: 0o600 })
      await rename(`${file}.part`, file)
      options.log(
        options.revealLinks
          ? { file, ...(link && { link }), preview: `${options.appUrl}/api/dev/outbox/${id}` }
          : { file },
      )
      return { id }
    },
    async close() {},
  }
}
