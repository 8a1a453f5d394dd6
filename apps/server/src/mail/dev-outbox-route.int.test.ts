import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { readOutboxMessage } from '../testing/local-accounts.ts'
import { createTestApp } from '../testing/test-app.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp()

describe('GET /api/dev/outbox/:id (development only)', () => {
  it('shows a written message as a page with clickable links and escaped text', async () => {
    const sent = await t.app.mail.mailer.send({
      to: 'ada@example.test',
      subject: 'Hello <b>there</b>',
      text: 'Open http://localhost:3000/reset-password?token=abc&x=1 now.\n<script>alert(1)</script>',
      html: '<p>ignored by the page</p>',
    })
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${sent.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('<a href="http://localhost:3000/reset-password?token=abc&amp;x=1">')
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(res.body).not.toContain('<script>')
    expect(res.body).toContain('Outbox: Hello &lt;b&gt;there&lt;/b&gt;')
    expect((await readOutboxMessage(t.app, `/api/dev/outbox/${sent.id}`)).links).toEqual([
      'http://localhost:3000/reset-password?token=abc&x=1',
    ])
  })

  it('answers 404 for unknown ids and anything that is not an id, never reading outside the outbox', async () => {
    // A file beside the outbox that a traversal would reach.
    await writeFile(path.join(t.config.dataDir, 'secret.eml'), 'Subject: secret\n\nsecret body')
    for (const id of [
      '1234567890123-0123456789abcdef',
      '..%2Fsecret',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2fsecret',
      'secret',
      `${'1'.repeat(13)}-${'a'.repeat(16)}%00`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox/${id}` })
      expect(res.statusCode, id).toBe(404)
      expect(res.body).not.toContain('secret body')
    }
    const dotted = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/../secret' })
    expect(dotted.body).not.toContain('secret body')
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } })
    try {
      const sent = await production.app.mail.mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: 't' })
      expect(production.app.hasRoute({ method: 'GET', url: '/api/dev/outbox/:id' })).toBe(false)
      expect(production.app.mail.devOutboxUrl(sent)).toBeUndefined()
      expect((await production.app.inject({ method: 'GET', url: `/api/dev/outbox/${sent.id}` })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
