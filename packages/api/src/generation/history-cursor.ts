import { z } from 'zod'

import { cursorInput, encodeCursor } from '../paging/opaque-cursor.ts'

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
  return encodeCursor([at.createdAt, at.id])
}

/** The position a cursor names. */
export const historyCursor = cursorInput(200, (fields): HistoryPosition | null => {
  if (!Array.isArray(fields)) return null
  const result = position.safeParse({ createdAt: fields[0], id: fields[1] })
  return result.success ? result.data : null
})
