import {
  assertMediaKey,
  assertMediaKeyOf,
  type ByteRange,
  type MediaObject,
  type MediaStorage,
  type PresignedGet,
} from '@promptly/api/storage/media-storage'

/**
 * What keyCheckedStorage wraps: a storage that trusts its keys. Its reads need not say a content
 * type, since the key names it; any MediaStorage fits.
 */
export interface UncheckedMediaStorage extends Omit<MediaStorage, 'get'> {
  get(key: string, range?: ByteRange): Promise<UntypedMediaObject | null>
}

/** An object as a storage reads it: keyCheckedStorage adds the content type its key names. */
export type UntypedMediaObject = Omit<MediaObject, 'contentType'>

/**
 * The one place keys are checked, whichever storage holds the bytes: a key that does not have
 * newMediaKey's shape (or a put whose type is not the key's) is refused before the storage sees it,
 * so no key can reach another file or object (nor be presigned). Reads are served as the type the
 * key names, never as whatever type a bucket may have been given.
 */
export function keyCheckedStorage(inner: UncheckedMediaStorage): MediaStorage {
  const presign = inner.presignedGetUrl?.bind(inner)
  return {
    kind: inner.kind,
    async put(key, bytes, contentType, signal) {
      assertMediaKeyOf(key, contentType)
      await inner.put(key, bytes, contentType, signal)
    },
    async get(key, range) {
      const contentType = assertMediaKey(key)
      const object = await inner.get(key, range)
      return object && { ...object, contentType }
    },
    async delete(key) {
      assertMediaKey(key)
      await inner.delete(key)
    },
    ...(presign && {
      async presignedGetUrl(key: string, options: PresignedGet) {
        assertMediaKey(key)
        return presign(key, options)
      },
    }),
  }
}
