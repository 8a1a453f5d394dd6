import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { ContextFactory } from '@promptly/api/context'
import { findOwnMedia, type OwnMedia } from '@promptly/api/media/find-own-media'
import { findSharedMedia } from '@promptly/api/media/find-shared-media'
import { mediaCacheControl, mediaContentDisposition } from '@promptly/api/media/media-answer-headers'
import { isValidMediaUrlSignature, unixSeconds } from '@promptly/api/media/media-url-signature'
import type { MediaStorage } from '@promptly/api/storage/media-storage'
import { notFound } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'

import { parseByteRange } from './byte-range.ts'

export interface MediaRouteDeps {
  createContext: ContextFactory<FastifyRequest>
  db: Db
  storage: MediaStorage
  /** What signed media URLs are checked with (media-url-secret.ts). */
  urlSecret: string
  /** The API's per-minute limit; media get more (a history page can show dozens of images). */
  rateLimitPerMinute: number
}

const MEDIA_NOT_FOUND = 'Not found'

const mediaParams = z.object({ id: z.string() })
/** A share URL's query; a repeated parameter arrives as a list, and is no signature. */
const signedQuery = z.object({ exp: z.string(), sig: z.string() })

/** The file, and until when a signed URL grants it (null: granted to its owner's session). */
interface Grant {
  media: OwnMedia
  signedUntil: number | null
}

/**
 * GET /media/:id: a generated image or audio file, to anyone holding a valid signed URL
 * (`?exp=&sig=`, the share URL a generation answers) and to its owner's session. Everyone else
 * (signed out, another user, an unknown or malformed id, an expired or altered signature, a deleted
 * generation) gets the same 404, never 403: no one learns whether a file exists, or existed. Single
 * byte ranges are served (audio seeking); the stored type is sent with nosniff.
 *
 * A signed answer may be embedded by any site (Cross-Origin-Resource-Policy: cross-origin); the
 * session's answer keeps the app's same-origin policy, since it is the cookie that lets it through.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  { createContext, db, storage, urlSecret, rateLimitPerMinute }: MediaRouteDeps,
): void {
  /** The file and who it is granted to; the signature is checked before any query. */
  async function grantFor(req: FastifyRequest, id: string): Promise<Grant | null> {
    const signed = signedQuery.safeParse(req.query)
    if (signed.success && isValidMediaUrlSignature(urlSecret, id, signed.data, unixSeconds())) {
      const media = await findSharedMedia(db, id)
      if (media) return { media, signedUntil: Number(signed.data.exp) }
    }
    // An expired link in its owner's own browser still shows: the session is a grant of its own.
    const media = await findOwnMedia(await createContext(req), id)
    return media && { media, signedUntil: null }
  }

  app.get(
    '/media/:id',
    // Not an /api path, which the global limit skips like static files: this one reads the database.
    { config: { rateLimit: { max: rateLimitPerMinute * 4, timeWindow: '1 minute', allowList: () => false } } },
    async (req, reply) => {
      const { id } = mediaParams.parse(req.params)
      const grant = await grantFor(req, id)
      if (!grant) throw notFound(MEDIA_NOT_FOUND)
      const { media } = grant

      if (grant.signedUntil === null) {
        reply.header('cache-control', mediaCacheControl()).header('vary', 'cookie, authorization')
      } else {
        reply
          .header('cache-control', mediaCacheControl(grant.signedUntil - unixSeconds()))
          .header('cross-origin-resource-policy', 'cross-origin')
      }
      reply
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${media.id}"`)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', mediaContentDisposition(media.contentType))
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
