import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { lazily } from '@promptly/core/lazily'

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
  /**
   * Told of every message: its id and its recipient, never its contents, whose links carry tokens
   * that are as good as the account (the log may be read by more people than the mailbox).
   */
  log: (line: { id: string; to: string }) => void
}

/**
 * Mail for a machine without an SMTP server: each message is a complete RFC 822 file
 * (`<dir>/<id>.eml`, openable in any mail program), built by nodemailer exactly as it would be sent.
 * The folder is the mailbox: written owner-only, and served by no route.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  // nodemailer is loaded with the first message: most starts send none.
  const builder = lazily(async () => {
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  })
  // Ids sort in the order the messages were written, even two in the same millisecond.
  let lastMs = 0
  return {
    kind: 'outbox',
    dir: options.dir,
    async send({ to, subject, text, html }) {
      const built = await (await builder()).sendMail({ from: options.from, to, subject, text, html })
      lastMs = Math.max(Date.now(), lastMs + 1)
      const id = `${lastMs}-${randomBytes(8).toString('hex')}`
      const file = outboxFile(options.dir, id)
      await mkdir(options.dir, { recursive: true, mode: 0o700 })
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(`${file}.part`, built.message, { mode: 0o600 })
      await rename(`${file}.part`, file)
      options.log({ id, to })
      return { id }
    },
    async close() {},
  }
}
