import type { IncomingMessage } from 'node:http'
import { createBrotliDecompress, createGunzip } from 'node:zlib'

import type { ContentEncoding } from '../plugins/compression.ts'

const DECODERS: Record<ContentEncoding, () => NodeJS.ReadWriteStream> = {
  br: createBrotliDecompress,
  gzip: createGunzip,
}

/**
 * An answer read as it arrives, decoded by its Content-Encoding: the text so far, a wait for the
 * text to satisfy `done` (failing if the answer ends first) and a wait for its end. For streamed
 * answers (pages, generations), where what matters is what the client has before the end.
 */
export function decodedReader(res: IncomingMessage) {
  const encoding = res.headers['content-encoding'] as ContentEncoding | undefined
  const decoded = encoding ? res.pipe(DECODERS[encoding]()) : res
  let text = ''
  let ended = false
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const check of waiters) check()
  }
  decoded.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
    wake()
  })
  decoded.once('end', () => {
    ended = true
    wake()
  })
  return {
    text: () => text,
    until: (done: (text: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (done(text)) resolve(text)
          else if (ended) reject(new Error(`the answer ended without it; got: ${text}`))
          else return
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      }),
    end: () => new Promise<string>((resolve) => (ended ? resolve(text) : decoded.once('end', () => resolve(text)))),
  }
}
