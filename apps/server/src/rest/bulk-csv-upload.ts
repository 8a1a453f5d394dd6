import type { FastifyRequest } from 'fastify'
import { z } from 'zod'

import { AppError, badRequest } from '@promptly/core/errors/app-error'

/** The upload's parts as sent: the route checks the fields with its schema, the CSV parser the text. */
export interface CsvUpload {
  /** The text fields by name (`toolId`, `mapping`); a field sent twice keeps its first value. */
  fields: Record<string, string>
  /** The `file` part's text, decoded as UTF-8. */
  text: string
}

export const CSV_UPLOAD_MESSAGES = {
  noFile: 'Attach the CSV file as the multipart/form-data field "file" (curl: -F file=@rows.csv)',
  oneFileOnly: 'Send one CSV file per bulk run, in the field "file"',
  unreadable: 'The upload could not be read: send it as multipart/form-data with the fields toolId and file',
  tooManyParts: 'Send the fields toolId, file and (optionally) mapping, and nothing else',
  invalidJsonField: 'A field sent as application/json does not hold valid JSON',
  fieldTooLong: (name: string) => `The field "${name}" is too long`,
  notCsv: (type: string) =>
    `The file is ${type}, not CSV: save the sheet from your spreadsheet program as "CSV UTF-8" and upload that`,
  notUtf8:
    'The file is not UTF-8 text, so it is not a CSV file this can read (a binary file, or text in ' +
    'another encoding): save the sheet as "CSV UTF-8" and upload that',
} as const

/**
 * The types a CSV file arrives with. Browsers send text/csv, or application/vnd.ms-excel on Windows
 * machines with Excel; curl sends application/octet-stream for a .csv; a part with no type is
 * text/plain. Any of them is read and judged by its bytes (UTF-8 text, no control characters);
 * anything else (an image, a PDF, an Excel workbook) is refused by its type before it is read.
 */
const CSV_TYPES: ReadonlySet<string> = new Set([
  'text/csv',
  'text/x-csv',
  'text/comma-separated-values',
  'text/tab-separated-values',
  'text/plain',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
])

/**
 * Reads a bulk run's multipart upload: its text fields and its one `file` part. 'too-large' when the
 * file is over the multipart plugin's fileSize limit (the route answers 413); a BAD_REQUEST with the
 * reason for an upload that is not one readable CSV file (no file, two files, a non-CSV type, bytes
 * that are not UTF-8 text, a broken multipart body).
 */
export async function readCsvUpload(req: FastifyRequest): Promise<CsvUpload | 'too-large'> {
  const fields: Record<string, string> = {}
  let file: { bytes: Buffer; type: string } | undefined
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(CSV_UPLOAD_MESSAGES.fieldTooLong(part.fieldname))
        // A part typed application/json arrives parsed: its text as sent is what the route reads.
        fields[part.fieldname] ??= typeof part.value === 'string' ? part.value : JSON.stringify(part.value)
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        continue
      }
      file = { bytes: await part.toBuffer(), type: part.mimetype }
    }
  } catch (error) {
    return uploadProblem(error)
  }
  if (!file || file.bytes.byteLength === 0) throw badRequest(CSV_UPLOAD_MESSAGES.noFile)
  const type = mediaType(file.type)
  if (!CSV_TYPES.has(type)) throw badRequest(CSV_UPLOAD_MESSAGES.notCsv(type))
  return { fields, text: utf8Text(file.bytes) }
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

function utf8Text(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest(CSV_UPLOAD_MESSAGES.notUtf8)
  }
}

const multipartErrorCode = z.object({ code: z.string() })

/**
 * What went wrong while reading the parts, in the caller's terms: an oversized file is a 413; a
 * second file, or any other failure (no boundary, a body cut short, too many parts), is the body's
 * fault, a 400, never the 500 an unknown error would become. Our own refusals pass through.
 */
function uploadProblem(error: unknown): 'too-large' {
  if (error instanceof AppError) throw error
  const code = multipartErrorCode.safeParse(error).data?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too-large'
  if (code === 'FST_FILES_LIMIT') throw badRequest(CSV_UPLOAD_MESSAGES.oneFileOnly)
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(CSV_UPLOAD_MESSAGES.tooManyParts)
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw badRequest(CSV_UPLOAD_MESSAGES.invalidJsonField)
  throw badRequest(CSV_UPLOAD_MESSAGES.unreadable)
}
