import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { createOutboxMailer, isOutboxId, outboxFile } from './outbox-mailer.ts'
import { verifyEmailMail } from './templates/verify-email.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'promptly-outbox-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function mailerLogging(revealLinks: boolean) {
  const lines: unknown[] = []
  const mailer = createOutboxMailer({
    dir: path.join(dir, 'outbox'),
    from: 'Promptly <no-reply@localhost>',
    revealLinks,
    appUrl: 'http://localhost:3000',
    log: (line) => lines.push(line),
  })
  return { mailer, lines }
}

describe('the outbox mailer', () => {
  it('writes one RFC 822 file per message that a mail parser reads back whole', async () => {
    const { mailer } = mailerLogging(true)
    const content = verifyEmailMail({ name: 'Ada <Lovelace> & Co', link: 'http://localhost:3000/verify?token=abc&x=1' })
    const sent = await mailer.send({ to: 'ada@example.test', ...content })
    expect(isOutboxId(sent.id)).toBe(true)
    expect(await readdir(path.join(dir, 'outbox'))).toEqual([`${sent.id}.eml`])

    const mail = await simpleParser(await readFile(outboxFile(path.join(dir, 'outbox'), sent.id)))
    expect(mail.subject).toBe('Confirm your e-mail address for Promptly')
    expect(mail.from?.text).toBe('"Promptly" <no-reply@localhost>')
    expect([mail.to].flat()[0]?.text).toBe('ada@example.test')
    expect(mail.messageId).toMatch(/^<.+@.+>$/)
    expect(mail.text).toContain('Hello Ada <Lovelace> & Co,')
    expect(mail.text).toContain('Confirm my e-mail address: http://localhost:3000/verify?token=abc&x=1')
    expect(mail.html).toContain('Hello Ada &lt;Lovelace&gt; &amp; Co,')
    expect(mail.html).toContain('href="http://localhost:3000/verify?token=abc&amp;x=1"')
    expect(mail.html).not.toContain('<Lovelace>')
  })

  it('logs the file, and the link and preview page only outside production', async () => {
    const dev = mailerLogging(true)
    const sent = await dev.mailer.send({
      to: 'a@example.test',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      link: 'http://l/x',
    })
    expect(dev.lines).toEqual([
      {
        file: outboxFile(path.join(dir, 'outbox'), sent.id),
        link: 'http://l/x',
        preview: `http://localhost:3000/api/dev/outbox/${sent.id}`,
      },
    ])
    const production = mailerLogging(false)
    const quiet = await production.mailer.send({
      to: 'a@example.test',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      link: 'http://l/x',
    })
    expect(production.lines).toEqual([{ file: outboxFile(path.join(dir, 'outbox'), quiet.id) }])
  })

  it('accepts only ids of its own shape, so no id can name a path outside the folder', () => {
    for (const id of ['../secret', '1234567890123-0123456789abcdef/../../x', '', '1234567890123-0123456789ABCDEF']) {
      expect(isOutboxId(id)).toBe(false)
      expect(() => outboxFile(dir, id)).toThrow()
    }
    expect(isOutboxId('1234567890123-0123456789abcdef')).toBe(true)
  })
})
