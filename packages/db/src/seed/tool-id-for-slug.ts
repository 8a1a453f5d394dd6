import { createHash } from 'node:crypto'

/**
 * A tool's id derived from its slug, identical on every machine and in every database, so a
 * re-seeded database keeps bookmarks, shared links and the footer's links working.
 * The first 16 bytes of SHA-256(slug as UTF-8) with the version nibble set to 8 ("custom",
 * RFC 9562: its name-based example is built the same way) and the RFC variant bits, so it is a
 * valid UUID for PostgreSQL and for zod's `z.uuid()`.
 */
export function toolIdForSlug(slug: string): string {
  const bytes = createHash('sha256').update(slug, 'utf8').digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x80
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
