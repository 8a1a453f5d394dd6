import { z } from 'zod'

/**
 * An image or audio file a generation produced, as clients see it: served by the app at `url`
 * (`/media/{id}`), to its owner only, with its stored content type.
 */
export const mediaItem = z.object({
  id: z.uuid(),
  url: z.string(),
  contentType: z.string(),
})
export type MediaItem = z.infer<typeof mediaItem>
