/**
 * Where the app serves a stored image or audio file (apps/server's GET /media/:id): to its owner's
 * session as it is, to anyone with the signature media-links.ts adds.
 */
export function mediaUrl(mediaId: string): string {
  return `/media/${mediaId}`
}
