import { describe, expect, it } from 'vitest'

import type { MediaStorage, PresignedGet } from '../storage/media-storage.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { mediaLinksFor } from './media-links.ts'
import { isValidMediaUrlSignature, MEDIA_URL_LIFETIME_SECONDS, unixSeconds } from './media-url-signature.ts'

const settings = { appUrl: 'https://promptly.example', secret: 'a-media-secret-of-at-least-32-characters' }
const media = {
  id: '0b6f4a52-3c1e-4f0e-9d7b-6a2f1c8e5d40',
  storageKey: 'images/k.jpg',
  contentType: 'image/jpeg',
} as const

describe('mediaLinksFor', () => {
  it("signs the app's own /media URL on APP_URL when the storage serves nothing itself", async () => {
    const before = unixSeconds()
    const url = new URL(await mediaLinksFor(new MemoryMediaStorage(), settings).shareUrl(media))
    expect(`${url.origin}${url.pathname}`).toBe(`https://promptly.example/media/${media.id}`)
    expect([...url.searchParams.keys()]).toEqual(['exp', 'sig'])
    const exp = Number(url.searchParams.get('exp'))
    expect(exp).toBeGreaterThanOrEqual(before + MEDIA_URL_LIFETIME_SECONDS)
    expect(exp).toBeLessThanOrEqual(unixSeconds() + MEDIA_URL_LIFETIME_SECONDS)
    const query = Object.fromEntries(url.searchParams)
    expect(isValidMediaUrlSignature(settings.secret, media.id, query, unixSeconds())).toBe(true)
  })

  it("answers the storage's presigned URL where it has one: same lifetime, the download's headers", async () => {
    const asked: Array<[string, PresignedGet]> = []
    const storage: MediaStorage = Object.assign(new MemoryMediaStorage(), {
      presignedGetUrl(key: string, options: PresignedGet) {
        asked.push([key, options])
        return Promise.resolve(`https://bucket.example/${key}?X-Amz-Signature=abc`)
      },
    })
    expect(await mediaLinksFor(storage, settings).shareUrl(media)).toBe(
      'https://bucket.example/images/k.jpg?X-Amz-Signature=abc',
    )
    expect(asked).toEqual([
      [
        'images/k.jpg',
        {
          expiresInSeconds: MEDIA_URL_LIFETIME_SECONDS,
          cacheControl: 'private, no-cache',
          contentDisposition: 'inline; filename="image.jpg"',
        },
      ],
    ])
  })
})
