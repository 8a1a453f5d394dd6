import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

import {
  assertMediaKey,
  assertMediaKeyOf,
  type ByteRange,
  type MediaContentType,
  type MediaObject,
  type MediaStorage,
} from '@promptly/api/storage/media-storage'

/**
 * Media in a folder (by default `<DATA_DIR>/media`): the offline default. The content type is the
 * key's extension (media-storage.ts), so no side file is needed. Keys are checked against
 * newMediaKey's shape and the resolved path must stay inside the folder, so a key can never reach
 * another file.
 */
export class FolderMediaStorage implements MediaStorage {
  readonly kind = 'folder' as const
  private readonly root: string

  constructor(root: string) {
    this.root = path.resolve(root)
  }

  async put(key: string, bytes: Uint8Array, contentType: MediaContentType): Promise<void> {
    assertMediaKeyOf(key, contentType)
    const file = this.fileFor(key)
    await mkdir(path.dirname(file), { recursive: true })
    // Written aside and renamed: a reader never sees half a file, a crash leaves only a temp file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
    try {
      await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 })
      await rename(partial, file)
    } catch (error) {
      await rm(partial, { force: true })
      throw error
    }
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const contentType = assertMediaKey(key)
    const file = this.fileFor(key)
    const size = await stat(file).then(
      (info) => (info.isFile() ? info.size : null),
      (error: unknown) => {
        if (isNotFound(error)) return null
        throw error
      },
    )
    if (size === null) return null
    const body = createReadStream(file, range ? { start: range.start, end: range.end } : {})
    return { body, contentType, size, ...(range && { range }) }
  }

  async delete(key: string): Promise<void> {
    assertMediaKey(key)
    await rm(this.fileFor(key), { force: true })
  }

  private fileFor(key: string): string {
    const file = path.resolve(this.root, ...key.split('/'))
    if (!file.startsWith(this.root + path.sep)) throw new Error('Not a media key')
    return file
  }
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT'
}
