import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { simpleParser } from 'mailparser'
import { z } from 'zod'

import { notFound } from '@promptly/core/errors/app-error'

import { isOutboxId, outboxFile } from './outbox-mailer.ts'
import { escapeHtml } from './templates/layout.ts'

const params = z.object({ id: z.string().refine(isOutboxId) })

/**
 * Development only (never registered in production): `GET /api/dev/outbox/:id` shows an outbox
 * message as a page whose links can be clicked, so a local user is never stuck waiting for mail.
 * Only ids of the outbox's own shape are read, so no path can reach outside the folder.
 */
export function registerDevOutboxRoute(app: FastifyInstance, outboxDir: string): void {
  app.get('/api/dev/outbox/:id', async (req, reply) => {
    const parsed = params.safeParse(req.params)
    if (!parsed.success) throw notFound()
    const source = await readFile(outboxFile(outboxDir, parsed.data.id)).catch(() => undefined)
    if (!source) throw notFound()
    const mail = await simpleParser(source)
    const headers: [string, string][] = [
      ['From', mail.from?.text ?? ''],
      [
        'To',
        [mail.to ?? []]
          .flat()
          .map((address) => address.text)
          .join(', '),
      ],
      ['Subject', mail.subject ?? ''],
      ['Date', mail.date?.toISOString() ?? ''],
    ]
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(outboxPage(mail.subject ?? '(no subject)', headers, mail.text ?? ''))
  })
}

/** The plain-text part, escaped, with each http(s) address made a link. */
function outboxPage(subject: string, headers: [string, string][], text: string): string {
  const rows = headers.map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`).join('')
  const body = escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox: ${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem">
<p>Development outbox: this message was not sent, it was written to a file.</p>
<table>${rows}</table>
<pre style="white-space: pre-wrap; font: inherit">${body}</pre>
</body></html>
`
}
