import { Readable } from 'node:stream'

import {
  assertMediaKey,
  type ByteRange,
  type MediaContentType,
  type MediaObject,
  type MediaStorage,
} from '../media-storage.ts'

/** A MediaStorage in memory, for tests of handlers that store media (the server uses folder or S3). */
export class MemoryMediaStorage implements MediaStorage {
  readonly kind = 'folder' as const
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: MediaContentType }>()

  put(key: string, bytes: Uint8Array, contentType: MediaContentType): Promise<void> {
    if (assertMediaKey(key) !== contentType) return Promise.reject(new Error('The key does not match the content type'))
    this.objects.set(key, { bytes: Uint8Array.from(bytes), contentType })
    return Promise.resolve()
  }

  get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    assertMediaKey(key)
    const object = this.objects.get(key)
    if (!object) return Promise.resolve(null)
    const bytes = range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes
    return Promise.resolve({
      body: Readable.from([Buffer.from(bytes)]),
      contentType: object.contentType,
      size: object.bytes.byteLength,
      ...(range && { range }),
    })
  }

  delete(key: string): Promise<void> {
    assertMediaKey(key)
    this.objects.delete(key)
    return Promise.resolve()
  }
}
