import type { ByteRange } from '@promptly/api/storage/media-storage'

import { FolderMediaStorage } from '../storage/folder-media-storage.ts'
import type { UncheckedMediaStorage, UntypedMediaObject } from '../storage/key-checked-media-storage.ts'

/**
 * A folder storage on a disk that can fill up: `freeBytes` is what still fits (Infinity: plenty).
 * A put that does not fit writes what fits under its key, as a write cut short by a full disk
 * leaves a truncated file, then fails with ENOSPC as Node's fs does; deleting frees the space
 * again. Wrap it in keyCheckedStorage, as the server wraps the real one.
 */
export class FullDiskMediaStorage implements UncheckedMediaStorage {
  readonly kind = 'folder' as const
  freeBytes = Infinity
  /** Puts refused for want of space. */
  refused = 0
  private readonly folder: FolderMediaStorage
  private readonly sizes = new Map<string, number>()

  constructor(root: string) {
    this.folder = new FolderMediaStorage(root)
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const fits = Math.min(bytes.byteLength, this.freeBytes)
    this.freeBytes -= fits
    this.sizes.set(key, fits)
    await this.folder.put(key, bytes.subarray(0, fits))
    if (fits < bytes.byteLength) {
      this.refused += 1
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${key}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      })
    }
  }

  get(key: string, range?: ByteRange): Promise<UntypedMediaObject | null> {
    return this.folder.get(key, range)
  }

  async delete(key: string): Promise<void> {
    await this.folder.delete(key)
    this.freeBytes += this.sizes.get(key) ?? 0
    this.sizes.delete(key)
  }
}
