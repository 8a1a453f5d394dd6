import { z } from 'zod'

/**
 * A page cursor as clients see it: the position's fields as base64url JSON, opaque to them. They
 * only pass back the `nextCursor` they were given.
 */
export function encodeCursor(fields: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url')
}

/**
 * The input that reads a cursor back: at most `maxLength` characters, decoded, then turned into a
 * position by `read`, which answers null for fields that are not a position it wrote. Any cursor
 * that is not ours is a validation error (400), never a failed query.
 */
export function cursorInput<Position>(maxLength: number, read: (fields: unknown) => Position | null) {
  return z
    .string()
    .max(maxLength)
    .transform((cursor, ctx): Position => {
      const position = decodeCursor(cursor, read)
      if (!position) {
        ctx.addIssue({ code: 'custom', message: 'Invalid cursor' })
        return z.NEVER
      }
      return position
    })
}

function decodeCursor<Position>(cursor: string, read: (fields: unknown) => Position | null): Position | null {
  try {
    return read(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
  } catch {
    return null
  }
}
