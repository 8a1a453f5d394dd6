import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'

/**
 * Where generated images and audio live (design: storage is a provider, folder or S3-compatible,
 * picked once by the server's config). Handlers only see this interface; `StoredMedia` rows say
 * which key belongs to which user and generation.
 */
export interface MediaStorage {
  /** 'folder' (under the data directory) or 's3' (an S3-compatible bucket). For logs and tests. */
  readonly kind: 'folder' | 's3'
  /** Stores the bytes under `key` (a key from newMediaKey), replacing nothing: keys are never reused. */
  put(key: string, bytes: Uint8Array, contentType: MediaContentType, signal?: AbortSignal): Promise<void>
  /** The object, or a byte range of it; null when no object has this key. */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>
  /** Removes the object; a key with no object is not an error (deleting twice is fine). */
  delete(key: string): Promise<void>
  /**
   * A URL at which the storage itself serves the object to anyone holding it, until it expires (an
   * S3 presigned GET). Absent where the storage has no server of its own (a folder): the app then
   * signs links to its own /media route (media/media-links.ts).
   */
  presignedGetUrl?(key: string, options: PresignedGet): Promise<string>
}

/** What a presigned GET promises: how long it works, and the headers the object is answered with. */
export interface PresignedGet {
  expiresInSeconds: number
  cacheControl: string
  contentDisposition: string
}

export interface MediaObject {
  body: Readable
  contentType: MediaContentType
  /** The whole object's size in bytes (not the range's). */
  size: number
  /** The bytes `body` holds, inclusive, when a range was asked for and satisfiable. */
  range?: ByteRange
}

/** Inclusive byte offsets, as in an HTTP Range header, already checked against the size. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * The only kinds of file the app stores, each with the extension its keys end in. Keeping the type
 * in the key lets the folder storage answer a content type without a side file, and means a stored
 * object can never be served as anything (HTML, SVG) a browser would run.
 */
export const MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'audio/mpeg': 'mp3',
} as const
export type MediaContentType = keyof typeof MEDIA_TYPES

const EXTENSION_TYPES = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([type, ext]) => [ext, type])) as Record<
  string,
  MediaContentType
>

/** `<folder>/<32 random bytes, base64url>.<ext>`: nothing to guess, no dots or slashes to traverse with. */
const KEY_PATTERN = /^(images|audio)\/[A-Za-z0-9_-]{43}\.(jpg|mp3)$/

/**
 * A fresh, unguessable key for a new object. The key names neither user nor generation: clients get
 * /media/{StoredMedia id} (checked against the owner or a signature), or, with S3, a presigned URL
 * that shows the key, which gives away nothing else.
 */
export function newMediaKey(contentType: MediaContentType): string {
  const folder = contentType.startsWith('image/') ? 'images' : 'audio'
  return `${folder}/${randomBytes(32).toString('base64url')}.${MEDIA_TYPES[contentType]}`
}

/** Throws unless `key` has newMediaKey's shape: checked before any storage touches anything. */
export function assertMediaKey(key: string): MediaContentType {
  const match = KEY_PATTERN.exec(key)
  const type = match?.[2] ? EXTENSION_TYPES[match[2]] : undefined
  if (!type) throw new Error('Not a media key')
  return type
}

/** Throws unless `key` has newMediaKey's shape and its extension names `contentType`: checked before every put. */
export function assertMediaKeyOf(key: string, contentType: MediaContentType): void {
  if (assertMediaKey(key) !== contentType) throw new Error('The key does not match the content type')
}
