import { Readable } from 'node:stream'
import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import { bulkFormOf } from '@promptly/api/bulk/bulk-form'
import { bulkRuntime } from '@promptly/api/bulk/bulk-runtime'
import { cancelBulkJob } from '@promptly/api/bulk/cancel.handler'
import type { CreatedBulkJob } from '@promptly/api/bulk/create-job'
import { createBulkRun } from '@promptly/api/bulk/create.handler'
import {
  bulkJsonRowShapes,
  bulkSource,
  createdBulkJob,
  type CreateBulkJobInput,
} from '@promptly/api/bulk/create.schema'
import { readCsvInput } from '@promptly/api/bulk/csv-input'
import { getBulkJob } from '@promptly/api/bulk/get.handler'
import { bulkJobInput, bulkJobView } from '@promptly/api/bulk/get.schema'
import { exportResults, RESULT_CONTENT_TYPES, RESULT_FORMATS } from '@promptly/api/bulk/results-export'
import type { AuthedContext } from '@promptly/api/context'
import { readVisibleTool } from '@promptly/api/tools/get.handler'
import { toolId } from '@promptly/api/tools/tool.schema'
import { columnMapping } from '@promptly/core/bulk/column-mapping'

import { legacyErrorBody, legacyErrorSchema } from '../errors/legacy-error-envelope.ts'
import { readCsvUpload } from './bulk-csv-upload.ts'
import {
  BULK_JSON_BODY_BYTES,
  BULK_MAPPING_FIELD_BYTES,
  BULK_MULTIPART_OVERHEAD_BYTES,
  BULK_UPLOAD_FILE_BYTES,
  BULK_UPLOAD_MESSAGES,
} from './bulk-upload-limits.ts'
import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { clerkIdQuery } from './shared/legacy-identity.ts'

const tags = ['Bulk runs']
/** The caller's own jobs only: a `clerkId`, which legacy scripts send with every call, must be theirs. */
const ownAccount = { caller: CALLERS.ownAccount }
const ownAccountQuery = z.object({ clerkId: clerkIdQuery.optional() })
const jobAnswer = legacyResponses({ 200: legacySchema.inData(bulkJobView) })

/**
 * `POST /bulk` as JSON: the tool, and one row per run, each as getResponseOfObject takes `groups`, or,
 * for the image tool and text to audio, as their single run's fields (`{ prompt, quality?, style? }`,
 * `{ input, voice? }`).
 */
export const bulkRowsBody = z.object({ toolId, rows: bulkSource.options[1].shape.rows })

/** The same body for the OpenAPI document: each row one of the two shapes it may take. */
const bulkRowsBodyDoc = z.object({ toolId, rows: z.array(bulkJsonRowShapes) })

/** JSON text in a multipart field, read as the value it holds. */
const jsonText = z.string().transform((text, ctx): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Not valid JSON: give an object such as {"0.0": 0, "0.1": 2}' })
    return z.NEVER
  }
})

/** The text fields of the multipart upload, beside its `file`. */
const uploadFields = z.object({ toolId, mapping: jsonText.pipe(columnMapping).optional() })

/** The multipart body, for the OpenAPI document only (the route reads the parts itself). */
export const BULK_UPLOAD_DOC = {
  type: 'object',
  required: ['toolId', 'file'],
  properties: {
    toolId: { type: 'string', format: 'uuid', description: 'The tool to run over the rows' },
    file: {
      type: 'string',
      contentMediaType: 'text/csv',
      description:
        'The CSV (UTF-8; comma, semicolon or tab): a header line naming the columns, then one row per run. ' +
        'At most 5 MB and 10,000 rows',
    },
    mapping: {
      type: 'string',
      contentMediaType: 'application/json',
      description:
        'JSON: which column fills which field, `{"<group>.<index>": <column> | null}`, counting from 0 in ' +
        "the tool's `groups` (the image tool: 0.0 Prompt, 0.1 Quality, 0.2 Style; text to audio: 0.0 Text, " +
        "0.1 Voice). Default: columns named like the fields' labels (or placeholders), else, " +
        'with one column per field, the form order',
    },
  },
} as const

/**
 * Bulk runs for scripts: one tool over many rows, each row one generation charged once when it is
 * delivered. The same handlers as tRPC's `bulk` procedures (create, get, cancel) and the same export
 * as the web's download; answers in the legacy envelope like every /api call, except the results,
 * which are the file itself. Creating and cancelling need the `generate` scope; reading takes `read` or `generate`.
 */
export async function registerBulkRoutes(app: RestScope): Promise<void> {
  await registerCreateRoute(app)

  app.get(
    '/bulk/:jobId',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: "One of the caller's bulk jobs: its status and progress",
        params: bulkJobInput,
        querystring: ownAccountQuery,
        response: jobAnswer,
      },
    },
    async (req) => legacy.inData(await getBulkJob({ ctx: signedInCaller(req.caller), input: req.params })),
  )

  app.get(
    '/bulk/:jobId/results',
    {
      config: ownAccount,
      schema: {
        tags,
        summary:
          'The results as a file: the input columns, then status, output (plain text; for the image tool and ' +
          'text to audio, the files’ share URLs, which expire: download again for fresh ones) and error',
        params: bulkJobInput,
        querystring: ownAccountQuery.extend({ format: z.enum(RESULT_FORMATS).default('csv') }),
        response: {
          200: {
            description: 'The file, streamed; rows not yet run have their status and no output',
            content: {
              'text/csv': { schema: z.string().describe('CSV with a header line, UTF-8 with a byte-order mark') },
              'application/x-ndjson': {
                schema: z.string().describe('JSON Lines: { row, status, input, output, error } per row'),
              },
            },
          },
          '4xx': legacyErrorSchema,
          '5xx': legacyErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const ctx = signedInCaller(req.caller)
      const { jobId } = req.params
      const { format } = req.query
      // NOT_FOUND (someone else's job) is thrown here, before any header of the file is set.
      const pieces = await exportResults(ctx.db, ctx.user.id, jobId, format, ctx.mediaLinks)
      return sendFile(reply, Readable.from(pieces), {
        type: RESULT_CONTENT_TYPES[format],
        fileName: `bulk-${jobId}.${format}`,
      })
    },
  )

  app.post(
    '/bulk/:jobId/cancel',
    {
      config: ownAccount,
      schema: {
        tags,
        summary: 'Cancels a job: rows not yet run are never run nor charged; a row running finishes',
        params: bulkJobInput,
        querystring: ownAccountQuery,
        response: jobAnswer,
      },
    },
    async (req) =>
      legacy.inData(await cancelBulkJob({ ctx: signedInCaller(req.caller), input: req.params }), 'Cancelled'),
  )
}

/** `POST /bulk`, the one route that also reads multipart: the upload's parser exists in its scope only. */
async function registerCreateRoute(app: RestScope): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: BULK_UPLOAD_FILE_BYTES,
        files: 1,
        fields: 4,
        fieldSize: BULK_MAPPING_FIELD_BYTES,
        parts: 8,
        headerPairs: 100,
      },
    })
    scope.post(
      '/bulk',
      {
        config: { ...ownAccount, jsonBody: bulkRowsBodyDoc, multipartBody: BULK_UPLOAD_DOC },
        // The JSON body's own limit (the app's is 1 MB); a multipart body is bounded by the limits above.
        bodyLimit: BULK_JSON_BODY_BYTES,
        errorHandler: (error, _req, reply) => {
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge(reply, BULK_UPLOAD_MESSAGES.bodyTooLarge)
          throw error
        },
        schema: {
          tags,
          summary:
            'Starts a bulk run: JSON { toolId, rows } or a multipart CSV upload (toolId, file, mapping); ' +
            'each row delivered costs the tool’s credits once',
          querystring: ownAccountQuery,
          response: legacyResponses({ 202: legacySchema.inData(createdBulkJob) }),
        },
      },
      async (req, reply) => {
        const ctx = signedInCaller(req.caller)
        const input = req.isMultipart() ? await uploadInput(ctx, req, reply) : jsonInput(req.body)
        if (input === 'answered') return reply
        const created = await createBulkRun({ ctx, input })
        return reply
          .status(202)
          .header('location', `${req.routeOptions.url ?? ''}/${created.jobId}`)
          .send(legacy.inData(created, startedMessage(created)))
      },
    )
  })
}

function jsonInput(body: unknown): CreateBulkJobInput {
  const { toolId, rows } = bulkRowsBody.parse(body)
  return { toolId, source: { kind: 'rows', rows } }
}

/**
 * The CSV upload as the procedure's input. Without a `mapping` the default one is used, as the web's
 * mapping screen starts from (columns named like the fields). An upload over the size limit is
 * answered here (413) without reading the rest of it.
 */
async function uploadInput(
  ctx: AuthedContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<CreateBulkJobInput | 'answered'> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > BULK_UPLOAD_FILE_BYTES + BULK_MULTIPART_OVERHEAD_BYTES) {
    tooLarge(reply, BULK_UPLOAD_MESSAGES.fileTooLarge)
    return 'answered'
  }
  const upload = await readCsvUpload(req)
  if (upload === 'too-large') {
    tooLarge(reply, BULK_UPLOAD_MESSAGES.fileTooLarge)
    return 'answered'
  }
  const fields = uploadFields.parse(upload.fields)
  const mapping = fields.mapping ?? (await defaultMapping(ctx, fields.toolId, upload.text))
  return { toolId: fields.toolId, source: { kind: 'csv', csv: upload.text, mapping } }
}

/** The mapping `bulk.preview` offers for this file and tool: read the way the run will read it. */
async function defaultMapping(ctx: AuthedContext, id: string, csv: string) {
  const { tool } = await readVisibleTool(ctx, id)
  return readCsvInput(csv, bulkFormOf(tool).groups, { maxRows: bulkRuntime(ctx).maxRows }).mapping
}

function startedMessage({ total, invalid, cost }: CreatedBulkJob): string {
  const started = `Started: ${counted(total - invalid, 'row')} to run, ${counted(cost, 'credit')} at most`
  if (invalid === 0) return started
  return `${started}; ${counted(invalid, 'invalid row')} will not run (the results say why)`
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** A download, streamed as it is read (the route's schema documents it; no serializer applies to a stream). */
function sendFile(reply: FastifyReply, file: Readable, { type, fileName }: { type: string; fileName: string }) {
  return reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).send(file)
}

/** 413 in the bulk run's own words; the rest of the body is not read, so the connection closes. */
function tooLarge(reply: FastifyReply, text: string): FastifyReply {
  return reply.status(413).header('connection', 'close').send(legacyErrorBody('PAYLOAD_TOO_LARGE', text))
}
