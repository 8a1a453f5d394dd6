import type { MediaStorage } from '@promptly/api/storage/media-storage'
import type { MediaStorageConfig } from '../config/app-config.ts'
import { FolderMediaStorage } from './folder-media-storage.ts'
import { S3MediaStorage } from './s3-media-storage.ts'

/** The app's media storage and how to let it go when the app closes. */
export interface ServerMediaStorage {
  storage: MediaStorage
  close(): void
}

/** The one place that decides where media go: the S3-compatible bucket when configured, else the folder. */
export function selectMediaStorage(config: MediaStorageConfig): ServerMediaStorage {
  if (config.kind === 'folder') return { storage: new FolderMediaStorage(config.dir), close: () => undefined }
  const s3 = new S3MediaStorage(config)
  return { storage: s3, close: () => s3.close() }
}
