import { z } from 'zod'

import type { Db } from '@promptly/db/client'

import type { OwnMedia } from './find-own-media.ts'

const mediaId = z.uuid()

/**
 * The stored image or audio file `id`, whoever owns it: for a request whose signed URL the route has
 * already checked (the signature is the capability). Null for a malformed or unknown id, and for a
 * file whose generation was deleted, which takes the row with it: that is what revokes a link
 * before it expires.
 */
export async function findSharedMedia(db: Db, id: string): Promise<OwnMedia | null> {
  const parsed = mediaId.safeParse(id)
  if (!parsed.success) return null
  return db.storedMedia.findUnique({
    where: { id: parsed.data },
    select: { id: true, storageKey: true, contentType: true, bytes: true },
  })
}
