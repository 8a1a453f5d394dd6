import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import { generateImages } from '@promptly/api/generation/image.handler'
import { imageInput } from '@promptly/api/generation/image.schema'
import { paraphrase } from '@promptly/api/generation/paraphrase.handler'
import { paraphraseInput } from '@promptly/api/generation/paraphrase.schema'
import { synthesizeSpeech } from '@promptly/api/generation/speech.handler'
import { speechInput } from '@promptly/api/generation/speech.schema'
import { transcribe } from '@promptly/api/generation/transcription.handler'
import { transcriptionOutput } from '@promptly/api/generation/transcription.schema'
import { badRequest } from '@promptly/core/errors/app-error'
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'

import { legacyErrorBody } from '../errors/legacy-error-envelope.ts'
import { legacy } from './envelope.ts'
import { hangUpSignal } from './hang-up-signal.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { identityCallSchema } from './shared/identity-call-schema.ts'

/** Room for the multipart framing and a few small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
const tags = ['Dedicated tools']
const signedIn = { caller: CALLERS.signedIn() }
const mediaUrl = z
  .url()
  .describe(
    'An absolute capability URL: anyone holding it may load the file (no credentials, any site) ' +
      'for 7 days, or until the generation is deleted',
  )

/** The JSON body of a legacy upload, documented only: the route reads the parts itself. */
export const TRANSCRIPTION_UPLOAD_DOC = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', contentMediaType: 'audio/mpeg', description: 'One MP3 file, at most 25 MB' } },
} as const

/**
 * The dedicated tools' legacy calls (spec section 7, {bookmarksApi}/response/...): the same handlers
 * as tRPC's generation.paraphrase, .image and .speech, plus the transcription upload, which only
 * exists here. Signed in (401 otherwise) and charged; payloads in `data`. Media URLs are the share
 * URLs (signed, expiring capabilities), since the answer goes to a script or another site, which
 * loads them with no credentials.
 */
export async function registerResponseRoutes(app: RestScope): Promise<void> {
  registerGenerationRoutes(app)
  await registerTranscriptionRoute(app)
}

/** A generation call's schema: the caller's identity, the body, and what `data` holds. */
const generationSchema = <B extends z.ZodType, D extends z.ZodType>(summary: string, body: B, data: D) => ({
  ...identityCallSchema(tags, summary, data),
  body,
})

/** Paraphrase, image and speech: a JSON body in, the result in `data`. */
function registerGenerationRoutes(app: RestScope): void {
  app.post(
    '/response/paraphrase',
    { config: signedIn, schema: generationSchema('Rewrites the text; 1 credit', paraphraseInput, z.string()) },
    async (req, reply) => {
      const ctx = signedInCaller(req.caller)
      const result = await paraphrase({ ctx, input: req.body, signal: hangUpSignal(reply) })
      return legacy.inData(result.text, 'Paraphrased')
    },
  )

  app.post(
    '/response/image',
    {
      config: signedIn,
      schema: generationSchema('Creates n images; n x (hd 2, standard 1) credits', imageInput, z.array(mediaUrl)),
    },
    async (req, reply) => {
      const ctx = signedInCaller(req.caller)
      const result = await generateImages({ ctx, input: req.body, signal: hangUpSignal(reply) })
      return legacy.inData(
        result.images.map((image) => image.shareUrl),
        'Generated',
      )
    },
  )

  app.post(
    '/response/speech',
    { config: signedIn, schema: generationSchema('Text to an MP3; 1 credit', speechInput, mediaUrl) },
    async (req, reply) => {
      const ctx = signedInCaller(req.caller)
      const result = await synthesizeSpeech({ ctx, input: req.body, signal: hangUpSignal(reply) })
      return legacy.inData(result.audio.shareUrl, 'Generated')
    },
  )
}

/** The transcription upload, the one multipart route. */
async function registerTranscriptionRoute(app: RestScope): Promise<void> {
  // Encapsulated: multipart parsing exists for this route only; every other route still answers a
  // multipart body with 415, and keeps the app's 1 MB JSON body limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: MEDIA_LIMITS.transcriptionBytes,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 10,
        headerPairs: 100,
      },
    })

    scope.post(
      '/response/transcription',
      {
        // Signed in (the caller hook) before a byte of the upload is read.
        config: { ...signedIn, openapiBody: { 'multipart/form-data': TRANSCRIPTION_UPLOAD_DOC } },
        schema: identityCallSchema(
          tags,
          'Transcribes an MP3 upload (multipart/form-data, field "file"); 1 credit',
          transcriptionOutput,
        ),
      },
      async (req, reply) => {
        const ctx = signedInCaller(req.caller)
        if (Number(req.headers['content-length'] ?? 0) > MEDIA_LIMITS.transcriptionBytes + MULTIPART_OVERHEAD_BYTES) {
          return tooLarge(reply)
        }
        if (!req.isMultipart()) throw badRequest(MEDIA_MESSAGES.noAudioFile)
        const upload = await readAudioUpload(req)
        if (upload === 'too-large') return tooLarge(reply)
        const result = await transcribe({ ctx, file: upload, signal: hangUpSignal(reply) })
        return legacy.inData(result, 'Transcribed')
      },
    )
  })
}

/** The `file` field's bytes and name; other fields (the legacy client also sent `model`) are ignored. */
async function readAudioUpload(req: FastifyRequest): Promise<{ bytes: Uint8Array; fileName: string } | 'too-large'> {
  let found: { bytes: Uint8Array; fileName: string } | undefined
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file' || found) {
        part.file.resume()
        continue
      }
      found = { bytes: await part.toBuffer(), fileName: part.filename }
    }
  } catch (error) {
    return uploadProblem(error)
  }
  if (!found || found.bytes.byteLength === 0) throw badRequest(MEDIA_MESSAGES.noAudioFile)
  return found
}

/**
 * What went wrong while reading an upload, in the caller's terms. Only an oversized file is a 413;
 * a second file is the multipart plugin's files limit (also a 413 there, but not about size); any
 * other failure (no boundary, a body cut short, malformed framing, too many fields) is the body's
 * fault: a 400, never the 500 an unknown error would become.
 */
function uploadProblem(error: unknown): 'too-large' {
  const code = multipartErrorCode.safeParse(error).data?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too-large'
  if (code === 'FST_FILES_LIMIT') throw badRequest(MEDIA_MESSAGES.oneFileOnly)
  throw badRequest(MEDIA_MESSAGES.unreadableUpload)
}

const multipartErrorCode = z.object({ code: z.string() })

/** 413 with the tool's own words (the envelope's generic 413 text does not say what the limit is). */
function tooLarge(reply: FastifyReply): FastifyReply {
  const text = MEDIA_MESSAGES.audioTooLarge
  const body = legacyErrorBody('PAYLOAD_TOO_LARGE', text)
  // The rest of an oversized upload is not read: close the connection rather than drain it.
  return reply.status(413).header('connection', 'close').send(body)
}
