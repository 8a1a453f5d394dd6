import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { notFound } from '@promptly/core/errors/app-error'
import { noControlCharacters } from '@promptly/core/text/control-characters'
import type { Db } from '@promptly/db/client'

/**
 * Generated avatars: the user's initials on a colour derived from their id, drawn by this server so
 * no third-party host learns who looks at whom. Local accounts always use it; Clerk accounts use it
 * only when Clerk gives no image.
 */
export function avatarUrl(clerkId: string): string {
  return `/api/auth/avatar/${encodeURIComponent(clerkId)}.svg`
}

/** Up to two initials (first and last word), by grapheme so accents and emoji stay whole. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const firstGrapheme = (word: string) => {
    const segments = segmenter.segment(word)
    return segments[Symbol.iterator]().next().value?.segment ?? ''
  }
  const initials = picked.map((word) => firstGrapheme(word ?? ''))
  return initials.join('').toLocaleUpperCase() || '?'
}

/** A stable hue per id; saturation and lightness keep white text readable on every hue. */
export function avatarColour(clerkId: string): string {
  const hue = createHash('sha256').update(clerkId).digest().readUInt16BE(0) % 360
  return `hsl(${hue} 55% 42%)`
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char)
}
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export function renderAvatarSvg(clerkId: string, name: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">',
    `<rect width="128" height="128" fill="${avatarColour(clerkId)}"/>`,
    '<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#fff" ',
    'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="52" font-weight="600">',
    escapeXml(initialsOf(name)),
    '</text></svg>',
  ].join('')
}

/** Control characters are refused before the lookup: PostgreSQL fails a query on NUL in a text parameter. */
const avatarParams = z.object({
  clerkId: z.string().min(1).max(200).check(noControlCharacters('No avatar for this user')),
})

/**
 * `GET /api/auth/avatar/:clerkId.svg`. Public like any avatar URL (an <img> sends no credentials
 * we could rely on). Cached for an hour, then revalidated by ETag, so a renamed user's initials
 * catch up. Its own strict CSP: an SVG opened directly as a page can run no script and load nothing.
 */
export function registerAvatarRoute(app: FastifyInstance, db: Db): void {
  app.get('/api/auth/avatar/:clerkId.svg', async (req, reply) => {
    // No user can have an id that fails the schema: that is a missing avatar, as any unknown id is.
    const params = avatarParams.safeParse(req.params)
    if (!params.success) throw notFound('No avatar for this user')
    const { clerkId } = params.data
    const user = await db.user.findUnique({ where: { clerkId }, select: { name: true } })
    if (!user) throw notFound('No avatar for this user')
    const svg = renderAvatarSvg(clerkId, user.name)
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    if (req.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.send(svg)
  })
}
