import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'

import type { ByteRange, MediaContentType, PresignedGet } from '@promptly/api/storage/media-storage'

import type { UncheckedMediaStorage, UntypedMediaObject } from './key-checked-media-storage.ts'

export interface S3StorageConfig {
  bucket: string
  region: string
  /** An S3-compatible server (MinIO, R2, Ceph, ...); AWS itself when absent. */
  endpoint?: string | undefined
  /** Bucket in the path rather than the host name: what most S3-compatible servers expect. */
  forcePathStyle: boolean
  /** When absent, the SDK's usual chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
}

/** Longest wait for the connection, and for an answer once connected. */
const CONNECT_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 60_000

/**
 * Media in an S3-compatible bucket. Objects are private (no ACL is set): the app streams them to
 * their owner's session itself, and anyone else reaches one only through a presigned GET (a share
 * URL), which names one key and expires. Checksums are sent and checked only
 * when an operation requires them: newer SDK defaults (CRC32 on every put) are refused by several
 * S3-compatible servers. Keys arrive checked (keyCheckedStorage).
 */
export class S3MediaStorage implements UncheckedMediaStorage {
  readonly kind = 's3' as const
  private readonly client: S3Client
  private readonly bucket: string

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint && { endpoint: config.endpoint }),
      ...(config.credentials && { credentials: config.credentials }),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    })
  }

  async put(key: string, bytes: Uint8Array, contentType: MediaContentType, signal?: AbortSignal): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
      signal ? { abortSignal: signal } : {},
    )
  }

  async get(key: string, range?: ByteRange): Promise<UntypedMediaObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      )
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 answer has no readable body')
      // With a range, the whole size is the part of Content-Range after the slash.
      const total = range ? Number(answer.ContentRange?.split('/')[1]) : Number(answer.ContentLength)
      if (!Number.isSafeInteger(total)) throw new Error('The S3 answer has no usable size')
      return { body: answer.Body, size: total, ...(range && { range }) }
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404))
        return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  /**
   * A SigV4 presigned GET of one object, computed here without a request. The bucket answers it
   * with the headers asked for (response-cache-control, response-content-disposition are part of
   * what is signed), refuses it once expired (403), and finds nothing once the object is deleted.
   * With temporary credentials (an instance role) the URL dies with them, if that comes sooner.
   */
  async presignedGetUrl(key: string, options: PresignedGet): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseCacheControl: options.cacheControl,
      ResponseContentDisposition: options.contentDisposition,
    })
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds })
  }

  /** Closes the SDK's connections (the app's onClose). */
  close(): void {
    this.client.destroy()
  }
}
