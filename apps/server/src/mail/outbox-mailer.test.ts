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

function mailerLogging() {
  const lines: unknown[] = []
  const mailer = createOutboxMailer({
    dir: path.join(dir, 'outbox'),
    from: 'Promptly <no-reply@localhost>',
    log: (line) => lines.push(line),
  })
  return { mailer, lines }
}

describe('the outbox mailer', () => {
  it('writes one RFC 822 file per message that a mail parser reads back whole', async () => {
    const { mailer } = mailerLogging()
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

  it('logs which message went to whom, and nothing of what it says', async () => {
    const { mailer, lines } = mailerLogging()
    const content = verifyEmailMail({ name: 'Ada', link: 'http://localhost:3000/verify?token=secret-token-abc' })
    const sent = await mailer.send({ to: 'a@example.test', ...content })
    expect(lines).toEqual([{ id: sent.id, to: 'a@example.test' }])
    expect(JSON.stringify(lines)).not.toContain('secret-token-abc')
  })

  it('names messages in the order they were written, even many in one millisecond', async () => {
    const { mailer } = mailerLogging()
    const ids: string[] = []
    for (let n = 0; n < 20; n += 1)
      ids.push((await mailer.send({ to: 'a@example.test', subject: `${n}`, text: 't', html: 't' })).id)
    expect([...ids].sort()).toEqual(ids)
    expect(await readdir(path.join(dir, 'outbox'))).toHaveLength(20)
  })

  it('accepts only ids of its own shape, so no id can name a path outside the folder', () => {
    for (const id of ['../secret', '1234567890123-0123456789abcdef/../../x', '', '1234567890123-0123456789ABCDEF']) {
      expect(isOutboxId(id)).toBe(false)
      expect(() => outboxFile(dir, id)).toThrow()
    }
    expect(isOutboxId('1234567890123-0123456789abcdef')).toBe(true)
  })
})
