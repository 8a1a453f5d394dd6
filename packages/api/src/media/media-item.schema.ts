import { z } from 'zod'

/**
 * An image or audio file a generation produced, as clients see it: served by the app at `url`
 * (`/media/{id}`) to its owner's session, with its stored content type. The web app shows `url`:
 * same origin, so the page's content security policy allows it whichever storage holds the bytes.
 */
export const mediaItem = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.string(),
})
export type MediaItem = z.infer<typeof mediaItem>

/**
 * A file just generated, as the generation's answer gives it: with `shareUrl`, an absolute capability
 * URL that serves it to anyone holding it (a script, another site's <img> or <audio>) for 7 days
 * (media-url-signature.ts), or until the generation is deleted. A signed /media URL on APP_URL, or
 * an S3 presigned URL when a bucket holds the files.
 */
export const sharedMediaItem = mediaItem.extend({
  shareUrl: z.url({ protocol: /^https?$/ }),
})
export type SharedMediaItem = z.infer<typeof sharedMediaItem>
