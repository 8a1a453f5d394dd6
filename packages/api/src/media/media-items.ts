import { z } from 'zod'

import type { MediaItem } from './media-item.schema.ts'
import { mediaUrl } from './media-url.ts'

/** StoredMedia rows as history and get read them: SQL's json_agg arrives as an array or as JSON text. */
const storedMediaRefs = z.preprocess(
  (value) => (typeof value === 'string' ? JSON.parse(value) : value),
  z.array(z.object({ id: z.string(), contentType: z.string() })),
)

/** Stored media as clients see them: their URL on this app (served to the owner's session). */
export function storedMediaItems(rows: unknown): MediaItem[] {
  return storedMediaRefs.parse(rows).map((row) => ({ id: row.id, url: mediaUrl(row.id), contentType: row.contentType }))
}
