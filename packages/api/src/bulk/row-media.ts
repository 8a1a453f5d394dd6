import type { Db } from '@promptly/db/client'

import type { MediaItem } from '../media/media-item.schema.ts'
import type { MediaLinks } from '../media/media-links.ts'
import { mediaUrl } from '../media/media-url.ts'
import { MEDIA_TYPES, type MediaContentType } from '../storage/media-storage.ts'

/** A stored file of a row's generation. */
export interface RowMedia {
  id: string
  storageKey: string
  contentType: string
}

/**
 * The media each delivering generation stored, in the order stored (as history lists them): one
 * query for a page of rows. A generation that stored nothing (a text tool's) has no entry.
 */
export async function mediaOfGenerations(db: Db, generationIds: readonly string[]): Promise<Map<string, RowMedia[]>> {
  const byGeneration = new Map<string, RowMedia[]>()
  if (generationIds.length === 0) return byGeneration
  const stored = await db.storedMedia.findMany({
    where: { generationId: { in: [...generationIds] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, storageKey: true, contentType: true, generationId: true },
  })
  for (const { generationId, ...media } of stored) {
    if (generationId === null) continue
    byGeneration.set(generationId, [...(byGeneration.get(generationId) ?? []), media])
  }
  return byGeneration
}

/** A row's media as history gives them: served at /media/{id} to the owner's session. */
export function rowMediaItems(media: readonly RowMedia[]): MediaItem[] {
  return media.map((item) => ({ id: item.id, url: mediaUrl(item.id), contentType: item.contentType }))
}

/**
 * A row's media as capability URLs anyone holding them may load, until they expire (7 days for the
 * app's signed URLs, the storage's own limit for presigned ones): made afresh on every call.
 * Without links, the app's /media/{id} paths, which serve the owner's session.
 */
export async function rowMediaLinks(media: readonly RowMedia[], links: MediaLinks | undefined): Promise<string[]> {
  return Promise.all(
    media.map((item) =>
      links && isMediaContentType(item.contentType)
        ? links.shareUrl({ id: item.id, storageKey: item.storageKey, contentType: item.contentType })
        : Promise.resolve(mediaUrl(item.id)),
    ),
  )
}

function isMediaContentType(contentType: string): contentType is MediaContentType {
  return Object.hasOwn(MEDIA_TYPES, contentType)
}
