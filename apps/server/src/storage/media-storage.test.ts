import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { newMediaKey, type MediaStorage } from '@promptly/api/storage/media-storage'

import { startFakeS3Server, type FakeS3Server } from '../testing/fake-s3-server.ts'
import { FolderMediaStorage } from './folder-media-storage.ts'
import { keyCheckedStorage } from './key-checked-media-storage.ts'
import { S3MediaStorage } from './s3-media-storage.ts'

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

const sample = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256))

/** What every MediaStorage must do, run against each implementation wrapped as services.ts wraps it. */
function behavesAsMediaStorage(storage: () => MediaStorage) {
  it('stores, reads whole or by range, and deletes (twice is fine)', async () => {
    const key = newMediaKey('audio/mpeg')
    await storage().put(key, sample, 'audio/mpeg')
    const whole = await storage().get(key)
    expect(whole).toMatchObject({ contentType: 'audio/mpeg', size: 1000 })
    expect(await bytesOf(whole!.body)).toEqual(sample)
    const part = await storage().get(key, { start: 10, end: 19 })
    expect(part).toMatchObject({ size: 1000, range: { start: 10, end: 19 } })
    expect(await bytesOf(part!.body)).toEqual(sample.subarray(10, 20))
    await storage().delete(key)
    expect(await storage().get(key)).toBeNull()
    await storage().delete(key)
  })

  it('answers null for a key with no object', async () => {
    expect(await storage().get(newMediaKey('image/jpeg'))).toBeNull()
  })

  it('refuses keys that are not its own shape: traversal, other extensions, a type that does not match', async () => {
    for (const key of [
      '../secret.jpg',
      'images/../../etc/passwd',
      'images/short.jpg',
      `images/${'a'.repeat(43)}.html`,
      '/abs/path.mp3',
    ]) {
      await expect(storage().put(key, sample, 'image/jpeg')).rejects.toThrow()
      await expect(storage().get(key)).rejects.toThrow()
      await expect(storage().delete(key)).rejects.toThrow()
    }
    await expect(storage().put(newMediaKey('audio/mpeg'), sample, 'image/jpeg')).rejects.toThrow()
  })
}

describe('newMediaKey', () => {
  it("gives unguessable, distinct keys with the type's extension", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newMediaKey('image/jpeg')))
    expect(keys.size).toBe(100)
    for (const key of keys) expect(key).toMatch(/^images\/[A-Za-z0-9_-]{43}\.jpg$/)
    expect(newMediaKey('audio/mpeg')).toMatch(/^audio\/[A-Za-z0-9_-]{43}\.mp3$/)
  })
})

describe('FolderMediaStorage', () => {
  let dir: string
  let folder: MediaStorage
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'promptly-media-'))
    folder = keyCheckedStorage(new FolderMediaStorage(path.join(dir, 'media')))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  behavesAsMediaStorage(() => folder)

  it('keeps files inside its folder and leaves no temporary files behind', async () => {
    await writeFile(path.join(dir, 'outside.txt'), 'not media')
    const key = newMediaKey('image/jpeg')
    await folder.put(key, sample, 'image/jpeg')
    const entries = await readdir(path.join(dir, 'media'), { recursive: true, withFileTypes: true })
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(dir, 'media'), path.join(entry.parentPath, entry.name)))
    expect(files).toEqual([key.replace('/', path.sep)])
  })
})

describe('S3MediaStorage against a fake S3-compatible server', () => {
  let fake: FakeS3Server
  let s3: S3MediaStorage
  beforeAll(async () => {
    fake = await startFakeS3Server()
    s3 = new S3MediaStorage({
      bucket: 'promptly-media',
      region: 'us-east-1',
      endpoint: fake.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDTESTONLY', secretAccessKey: 'secret-test-only' },
    })
  })
  afterAll(async () => {
    s3.close()
    await fake.close()
  })

  behavesAsMediaStorage(() => keyCheckedStorage(s3))

  it('puts objects in the bucket, path-style, signed, with their content type', async () => {
    const key = newMediaKey('image/jpeg')
    await s3.put(key, sample, 'image/jpeg')
    expect(fake.objects.get(`promptly-media/${key}`)).toEqual({ body: sample, contentType: 'image/jpeg' })
    const put = fake.requests.find((request) => request.method === 'PUT' && request.path.endsWith(key))
    expect(put?.authorization).toContain('Credential=AKIDTESTONLY/')
    // The secret signs; it is never sent.
    expect(fake.requests.every((request) => !request.authorization?.includes('secret-test-only'))).toBe(true)
  })
})
