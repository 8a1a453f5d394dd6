import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'

import { newMediaKey, type ByteRange, type MediaObject } from '@promptly/api/storage/media-storage'

import { keyCheckedStorage, type UncheckedMediaStorage } from './key-checked-media-storage.ts'

/** A storage that trusts every key it is given and records what reached it. */
function recordingStorage(answer: MediaObject | null = null) {
  const calls: unknown[][] = []
  const inner: UncheckedMediaStorage = {
    kind: 's3',
    put: (...args) => {
      calls.push(['put', ...args])
      return Promise.resolve()
    },
    get: (...args) => {
      calls.push(['get', ...args])
      return Promise.resolve(answer)
    },
    delete: (...args) => {
      calls.push(['delete', ...args])
      return Promise.resolve()
    },
  }
  return { inner, calls }
}

const bytes = Uint8Array.from([1, 2, 3])

describe('keyCheckedStorage', () => {
  it('refuses keys that are not newMediaKey-shaped before the storage sees them', async () => {
    const { inner, calls } = recordingStorage()
    const storage = keyCheckedStorage(inner)
    for (const key of ['../secret.jpg', 'images/../../etc/passwd', `images/${'a'.repeat(43)}.html`, '/abs/a.mp3']) {
      await expect(storage.put(key, bytes, 'image/jpeg')).rejects.toThrow('Not a media key')
      await expect(storage.get(key)).rejects.toThrow('Not a media key')
      await expect(storage.delete(key)).rejects.toThrow('Not a media key')
    }
    expect(calls).toEqual([])
  })

  it('refuses a put whose content type is not the one its key names', async () => {
    const { inner, calls } = recordingStorage()
    await expect(keyCheckedStorage(inner).put(newMediaKey('audio/mpeg'), bytes, 'image/jpeg')).rejects.toThrow(
      'The key does not match the content type',
    )
    expect(calls).toEqual([])
  })

  it('passes checked keys, bytes, type, range and abort signal through unchanged', async () => {
    const { inner, calls } = recordingStorage()
    const storage = keyCheckedStorage(inner)
    const key = newMediaKey('image/jpeg')
    const signal = new AbortController().signal
    const range: ByteRange = { start: 0, end: 1 }
    await storage.put(key, bytes, 'image/jpeg', signal)
    expect(await storage.get(key, range)).toBeNull()
    await storage.delete(key)
    expect(calls).toEqual([
      ['put', key, bytes, 'image/jpeg', signal],
      ['get', key, range],
      ['delete', key],
    ])
    expect(storage.kind).toBe('s3')
  })

  it('serves a read as the type its key names, whatever type the storage answers with', async () => {
    const body = Readable.from([Buffer.from(bytes)])
    const { inner } = recordingStorage({ body, contentType: 'image/jpeg', size: 3, range: { start: 1, end: 2 } })
    const object = await keyCheckedStorage(inner).get(newMediaKey('audio/mpeg'), { start: 1, end: 2 })
    expect(object).toEqual({ body, contentType: 'audio/mpeg', size: 3, range: { start: 1, end: 2 } })
  })
})
