import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** The only keys s3rver knows: a request signed with another key id is refused (InvalidAccessKeyId). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
const REGION = 'us-east-1'

export interface StoredObject {
  body: Buffer
  contentType: string | undefined
}

export interface S3rverBucket {
  endpoint: string
  bucket: string
  /** The S3_* settings of a server process that keeps its media in this bucket. */
  env: Record<string, string>
  /** The object under `key` as the bucket's REST API answers it (not through the app), or null when there is none. */
  object(key: string): Promise<StoredObject | null>
  /** Stops the server and removes what it stored. */
  close(): Promise<void>
}

/**
 * One bucket on s3rver (npm), an S3-compatible server that speaks the REST API over HTTP and keeps
 * objects on disk, in this process: the part a compose stack gives to MinIO, which cannot be
 * installed here. It checks a request's access key id but not its SigV4 signature, and answers
 * unsigned requests: presigned-URL signatures and expiry are tested against fake-s3-server.ts,
 * which does check them. Tests read objects with a plain GET, as curl would: no SDK to load here.
 */
export async function startS3rverBucket(bucket = 'promptly-media'): Promise<S3rverBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 'promptly-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    object: (key) => readObject(`${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`),
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

async function readObject(url: string): Promise<StoredObject | null> {
  const res = await fetch(url)
  if (res.status === 404) return null
  if (res.status !== 200) throw new Error(`s3rver answered GET ${url} with ${res.status}: ${await res.text()}`)
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? undefined }
}
