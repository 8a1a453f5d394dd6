/** Where the app serves a stored image or audio file to its owner (apps/server's GET /media/:id). */
export function mediaUrl(mediaId: string): string {
  return `/media/${mediaId}`
}
