import type { MediaContentType, MediaStorage } from '../storage/media-storage.ts'
import { mediaContentDisposition, PRESIGNED_CACHE_CONTROL } from './media-answer-headers.ts'
import { MEDIA_URL_LIFETIME_SECONDS, signMediaUrl, unixSeconds } from './media-url-signature.ts'
import { mediaUrl } from './media-url.ts'

/** The stored file a link is made for. */
export interface ShareableMedia {
  id: string
  storageKey: string
  contentType: MediaContentType
}

/**
 * Makes capability URLs for generated images and audio: whoever holds one may load the file (a
 * script, another site's <img> or <audio>) without any credential, for MEDIA_URL_LIFETIME_SECONDS,
 * or until the generation is deleted (its row and object go, so the link answers 404 at once).
 */
export interface MediaLinks {
  /** An absolute URL serving `media` to anyone holding it until it expires. */
  shareUrl(media: ShareableMedia): Promise<string>
}

export interface MediaLinkSettings {
  /** The app's public origin (APP_URL), where /media/{id} is served. */
  appUrl: string
  /** The secret media URLs are signed with (MEDIA_URL_SECRET, or one derived from the session secret). */
  secret: string
}

/**
 * The storage's own presigned URLs where it has them (S3: the bytes never pass through the app),
 * else signed URLs of the app's /media route, which checks the signature and the row.
 */
export function mediaLinksFor(storage: MediaStorage, settings: MediaLinkSettings): MediaLinks {
  const presign = storage.presignedGetUrl?.bind(storage)
  if (presign) {
    return {
      shareUrl: (media) =>
        presign(media.storageKey, {
          expiresInSeconds: MEDIA_URL_LIFETIME_SECONDS,
          cacheControl: PRESIGNED_CACHE_CONTROL,
          contentDisposition: mediaContentDisposition(media.contentType),
        }),
    }
  }
  return { shareUrl: (media) => Promise.resolve(signedAppMediaUrl(settings, media.id)) }
}

/** `{appUrl}/media/{id}?exp=...&sig=...`, valid for MEDIA_URL_LIFETIME_SECONDS from now. */
export function signedAppMediaUrl({ appUrl, secret }: MediaLinkSettings, mediaId: string): string {
  const { exp, sig } = signMediaUrl(secret, mediaId, unixSeconds() + MEDIA_URL_LIFETIME_SECONDS)
  return `${appUrl}${mediaUrl(mediaId)}?exp=${exp}&sig=${sig}`
}
