import { describe, expect, it } from 'vitest'

import { resetPasswordMail } from './reset-password.ts'
import { verifyEmailMail } from './verify-email.ts'

const to = { name: 'Ada', link: 'https://promptly.test/reset-password?token=abc&x=1' }

describe('single-use link mails', () => {
  it('say how long the link works from the token lifetime: a day to verify, an hour to reset', () => {
    expect(verifyEmailMail(to).text).toContain('The link works once and expires in 24 hours.')
    expect(resetPasswordMail(to).text).toContain('The link works once and expires in 1 hour.')
  })

  it('carry the link as the button and in the text, and nowhere else', () => {
    const mail = resetPasswordMail(to)
    expect(Object.keys(mail).sort()).toEqual(['html', 'subject', 'text'])
    expect(mail.text).toContain(`Choose a new password: ${to.link}`)
    expect(mail.html).toContain('href="https://promptly.test/reset-password?token=abc&amp;x=1"')
  })
})
