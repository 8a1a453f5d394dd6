import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { findOwnMedia } from '@promptly/api/media/find-own-media'
import type { MediaStorage } from '@promptly/api/storage/media-storage'
import { notFound } from '@promptly/core/errors/app-error'

import type { ContextFactory } from '../app.ts'
import { parseByteRange } from './byte-range.ts'

export interface MediaRouteDeps {
  createContext: ContextFactory
  storage: MediaStorage
  /** The API's per-minute limit; media get more (a history page can show dozens of images). */
  rateLimitPerMinute: number
}

/** Names the browser uses when the file is saved (spec: image.jpg, audio_file.mp3). */
const DOWNLOAD_NAMES: Record<string, string> = { 'image/jpeg': 'image.jpg', 'audio/mpeg': 'audio_file.mp3' }
/** Enough for one session's page views; private, so shared caches never keep a copy. */
const CACHE_CONTROL = 'private, max-age=3600'
const MEDIA_NOT_FOUND = 'Not found'

const mediaParams = z.object({ id: z.string() })

/**
 * GET /media/:id: a generated image or audio file, to its owner only. Everyone else (signed out,
 * another user, an unknown or malformed id) gets the same 404, never 403, so no one learns that a
 * file exists. Single byte ranges are served (audio seeking); the stored type is sent with nosniff.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  { createContext, storage, rateLimitPerMinute }: MediaRouteDeps,
): void {
  app.get(
    '/media/:id',
    // Not an /api path, which the global limit skips like static files: this one reads the database.
    { config: { rateLimit: { max: rateLimitPerMinute * 4, timeWindow: '1 minute', allowList: () => false } } },
    async (req, reply) => {
      const { id } = mediaParams.parse(req.params)
      const media = await findOwnMedia(await createContext(req), id)
      if (!media) throw notFound(MEDIA_NOT_FOUND)

      reply
        .header('cache-control', CACHE_CONTROL)
        .header('vary', 'cookie, authorization')
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${media.id}"`)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', `inline; filename="${DOWNLOAD_NAMES[media.contentType] ?? 'download'}"`)
      // The bytes under an id never change, so the id is the entity tag.
      if (req.headers['if-none-match'] === `"${media.id}"`) return reply.status(304).send()

      const range = parseByteRange(req.headers.range, media.bytes)
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${media.bytes}`).send()
      }
      const object = await storage.get(media.storageKey, range ?? undefined)
      if (!object) {
        // A row whose object is gone (removed by hand, a bucket emptied): the owner sees a 404 too.
        req.log.warn({ mediaId: media.id }, 'stored media object missing')
        throw notFound(MEDIA_NOT_FOUND)
      }
      reply.type(media.contentType)
      if (object.range) {
        reply
          .status(206)
          .header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
          .header('content-length', object.range.end - object.range.start + 1)
      } else {
        reply.header('content-length', object.size)
      }
      return reply.send(object.body)
    },
  )
}
