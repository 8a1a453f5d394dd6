import { z } from 'zod'

/**
 * History's page cursor: the (created_at, id) of the last row shown, not just its id, so the next
 * page is found by position even if that row has been deleted meanwhile (looking the row up by id
 * would then find nothing and end the list early). Opaque to clients (base64url JSON). The time is
 * PostgreSQL's own text of the stored value (to the microsecond, though the column now keeps
 * milliseconds), so the position is exactly the row's whatever the column's precision becomes.
 */
export interface HistoryPosition {
  /** `YYYY-MM-DDTHH:MM:SS.ffffff`, UTC, as stored. */
  createdAt: string
  id: string
}

const position = z.object({
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/),
  id: z.uuid(),
})

export function encodeHistoryCursor(at: HistoryPosition): string {
  return Buffer.from(JSON.stringify([at.createdAt, at.id])).toString('base64url')
}

/** The position a cursor names; a cursor that is not one of ours is a validation error (400). */
export const historyCursor = z
  .string()
  .max(200)
  .transform((cursor, ctx): HistoryPosition => {
    const parsed = decode(cursor)
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'Invalid cursor' })
      return z.NEVER
    }
    return parsed
  })

function decode(cursor: string): HistoryPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value)) return null
    const result = position.safeParse({ createdAt: value[0], id: value[1] })
    return result.success ? result.data : null
  } catch {
    return null
  }
}
