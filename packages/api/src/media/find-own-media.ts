import { z } from 'zod'

import type { Context } from '../context.ts'

/** What the media route needs to serve one stored file (to its owner, or to a signed URL's holder). */
export interface OwnMedia {
  id: string
  storageKey: string
  contentType: string
  bytes: number
}

const mediaId = z.uuid()

/**
 * The stored image or audio file `id`, if the caller is signed in and owns it; null otherwise,
 * alike for a malformed id, an unknown one, someone else's and a signed-out caller, so the route
 * answers all of them with the same 404 and nothing about other users' files can be learnt.
 */
export async function findOwnMedia(ctx: Context, id: string): Promise<OwnMedia | null> {
  const parsed = mediaId.safeParse(id)
  if (!ctx.user || !parsed.success) return null
  return ctx.db.storedMedia.findFirst({
    where: { id: parsed.data, userId: ctx.user.id },
    select: { id: true, storageKey: true, contentType: true, bytes: true },
  })
}
