import { randomBytes } from 'node:crypto'

export interface MultipartPart {
  name: string
  value: string | Uint8Array
  /** Set for a file part. */
  fileName?: string
  contentType?: string
}

/** A multipart/form-data body for `app.inject`, as a browser's FormData would send it. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----promptly-test-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition =
      `form-data; ` + `name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`))
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : Buffer.from(part.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
