import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../testing/smtp-capture.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import { createSmtpMailer } from './smtp-mailer.ts'
import { resetPasswordMail } from './templates/reset-password.ts'

/** A real SMTP server on the loopback interface that keeps what it receives. */
let smtp: SmtpCapture

beforeAll(async () => {
  smtp = await startSmtpCapture({ credentials: { username: 'mailer', password: 's3cret' } })
})
afterAll(() => smtp.close())
// The app's mailer is the SMTP server above, whose port is known once it listens.
const t = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Promptly <hi@promptly.test>' },
}))

describe('the SMTP mailer', () => {
  it('delivers plain and HTML through nodemailer to an SMTP server, logging in with the URL’s user', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
      from: 'Promptly <no-reply@promptly.test>',
    })
    const content = resetPasswordMail({ name: 'Ada', link: 'http://localhost:3000/reset-password?token=t0k' })
    const sent = await mailer.send({ to: 'ada@example.test', ...content })
    await mailer.close()

    expect(smtp.received).toHaveLength(1)
    const [{ envelopeTo, mail, user }] = smtp.received as [CapturedMail]
    expect(user).toBe('mailer')
    expect(envelopeTo).toEqual(['ada@example.test'])
    expect(mail.messageId).toBe(sent.id)
    expect(mail.subject).toBe('Reset your Promptly password')
    expect(mail.from?.text).toBe('"Promptly" <no-reply@promptly.test>')
    expect(mail.text).toContain('Choose a new password: http://localhost:3000/reset-password?token=t0k')
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=t0k"')
  })

  it('fails loudly when the server refuses the credentials', async () => {
    const mailer = createSmtpMailer({ url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: 'p@promptly.test' })
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: 't' })).rejects.toThrow()
    await mailer.close()
  })

  it('is what the app uses when SMTP_URL is set: sign-up mails over SMTP and offers no outbox page', async () => {
    const before = smtp.received.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local/sign-up',
      payload: { name: 'Smtp', email: 'smtp-user@example.test', password: 'correct horse battery staple' },
    })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ checkEmail: true, email: 'smtp-user@example.test' })
    expect(smtp.received).toHaveLength(before + 1)
    const { mail, envelopeTo } = smtp.received.at(-1) ?? expect.unreachable()
    expect(envelopeTo).toEqual(['smtp-user@example.test'])
    expect(mail.from?.text).toBe('"Promptly" <hi@promptly.test>')
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/local\/verify-email\?token=[\w-]{43}/)
  })
})
