import type { MediaContentType } from '../storage/media-storage.ts'

/** Names the browser uses when the file is saved (spec: image.jpg, audio_file.mp3). */
const DOWNLOAD_NAMES: Record<MediaContentType, string> = { 'image/jpeg': 'image.jpg', 'audio/mpeg': 'audio_file.mp3' }

/** Shown in place, saved under the spec's name: the app's answer and a presigned S3 answer alike. */
export function mediaContentDisposition(contentType: string): string {
  const name = contentType in DOWNLOAD_NAMES ? DOWNLOAD_NAMES[contentType as MediaContentType] : 'download'
  return `inline; filename="${name}"`
}

/** Enough for one session's page views. */
const MAX_CACHE_SECONDS = 3600

/**
 * Private, so no shared cache (a CDN, a proxy) keeps a copy: deleting the generation must take the
 * file away at once, which a shared copy would outlive. Never longer than `secondsLeft`, what is
 * left of a signed link's life, so a browser does not go on showing a link that has expired.
 */
export function mediaCacheControl(secondsLeft: number = MAX_CACHE_SECONDS): string {
  return `private, max-age=${Math.max(0, Math.min(MAX_CACHE_SECONDS, Math.floor(secondsLeft)))}`
}

/**
 * A presigned S3 answer's: its headers are fixed when the URL is signed, not when it is used, so
 * no max-age could end with the link. Kept, but asked again each time (S3 answers 304 while the link
 * works, and refuses once it has expired or the file is deleted).
 */
export const PRESIGNED_CACHE_CONTROL = 'private, no-cache'
