import { BULK_CSV_MAX_LENGTH } from '@promptly/api/bulk/create.schema'

/**
 * How large a bulk run's request may be, at every door. The rows themselves are bounded by the job's
 * rules (BULK_MAX_ROWS, each row checked by the single run's rules); these bound what is read.
 */

/**
 * A CSV file uploaded over REST, in bytes: 5 MB, the web's limit of 5 million characters
 * (create.schema.ts) counted in bytes. A default-sized job (10,000 rows of about 500 characters:
 * a name, a few keywords, a short description) fits, and parsing it takes well under a second.
 * UTF-8 never takes fewer bytes than characters, so a file within this is within the character
 * limit too, and a larger one is refused with a 413 before it is read.
 */
export const BULK_UPLOAD_FILE_BYTES = BULK_CSV_MAX_LENGTH

/** Room for the multipart framing and the small fields (toolId, mapping) around the file. */
export const BULK_MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** The longest `mapping` field of an upload: a column for each field of the largest form, with room. */
export const BULK_MAPPING_FIELD_BYTES = 16 * 1024

/**
 * A JSON body carrying a whole job: REST's `{ toolId, rows }`, and tRPC's `bulk.preview` and
 * `bulk.create` (a CSV text or rows). The longest CSV text JSON-encoded takes up to 3 bytes a
 * character (UTF-8 for most scripts' letters, or JSON's escaped quotes and line breaks), plus 1 MB
 * for the rest of the request. Every other call keeps the app's 1 MB.
 */
export const BULK_JSON_BODY_BYTES = 3 * BULK_CSV_MAX_LENGTH + 1024 * 1024

/** A size in bytes as people read it: 5 MB, 16 MB. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_000_000)} MB`
}

export const BULK_UPLOAD_MESSAGES = {
  fileTooLarge:
    `A bulk run's CSV file can be at most ${megabytes(BULK_UPLOAD_FILE_BYTES)} ` +
    '(about 10,000 rows of 500 characters): split it into several files, one job each',
  bodyTooLarge:
    `A bulk run's JSON body can be at most ${megabytes(BULK_JSON_BODY_BYTES)}: ` + 'split the rows into several jobs',
} as const
