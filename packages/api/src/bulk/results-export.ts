import { csvLine } from '@promptly/core/bulk/csv'
import { htmlToPlainText } from '@promptly/core/bulk/html-to-plain-text'
import type { Db } from '@promptly/db/client'

import type { MediaLinks } from '../media/media-links.ts'
import { ownJob } from './job-view.ts'
import { mediaOfGenerations, rowMediaLinks } from './row-media.ts'

export const RESULT_FORMATS = ['csv', 'jsonl'] as const
export type ResultFormat = (typeof RESULT_FORMATS)[number]

export const RESULT_CONTENT_TYPES: Record<ResultFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
}

/** Rows read per query while exporting: a 10,000-row job is never held in memory at once. */
const ROWS_PER_PAGE = 500

/** The columns the results add after the input's. */
export const RESULT_COLUMNS = ['status', 'output', 'error'] as const

/**
 * A job's results, as the owner downloads them: the input columns, then each row's status, its output
 * as plain text (the stored HTML with its tags taken out, paragraphs and list items on lines of their
 * own) and its error. CSV with a header line, or JSON Lines (`row` counts from 1, `input` maps the
 * column names to the cells). A media tool's row's output is instead its files' capability URLs
 * (`links`; one per line in CSV, an array as `media` in JSON Lines), signed afresh at each download:
 * they expire, and downloading the results again gives fresh ones. Yields text pieces, a page of rows
 * at a time. NOT_FOUND for a job that is not the owner's, before anything is yielded.
 */
export async function exportResults(
  db: Db,
  userId: string,
  jobId: string,
  format: ResultFormat,
  links?: MediaLinks,
): Promise<AsyncGenerator<string, void, undefined>> {
  const job = await ownJob(db, userId, jobId)
  return pages(db, jobId, format, job.columns, links)
}

async function* pages(
  db: Db,
  jobId: string,
  format: ResultFormat,
  columns: string[],
  links: MediaLinks | undefined,
): AsyncGenerator<string, void, undefined> {
  // A byte-order mark lets spreadsheet programs read the file as UTF-8.
  if (format === 'csv') yield `\uFEFF${csvLine([...columns, ...RESULT_COLUMNS])}`
  let after = -1
  for (;;) {
    const rows = await db.bulkRow.findMany({
      where: { jobId, position: { gt: after } },
      orderBy: { position: 'asc' },
      take: ROWS_PER_PAGE,
      select: { position: true, cells: true, status: true, output: true, error: true, generationId: true },
    })
    if (rows.length === 0) return
    after = rows.at(-1)!.position
    const delivering = rows.flatMap((row) => (row.status === 'done' && row.generationId ? [row.generationId] : []))
    const stored = await mediaOfGenerations(db, delivering)
    const lines: string[] = []
    for (const row of rows) {
      const cells = Array.isArray(row.cells) ? row.cells.map(String) : []
      const media = row.status === 'done' && row.generationId ? stored.get(row.generationId) : undefined
      const urls = media ? await rowMediaLinks(media, links) : null
      const output = urls ? urls.join('\n') : row.output === null ? '' : htmlToPlainText(row.output)
      if (format === 'csv') {
        lines.push(csvLine([...cells, row.status, output, row.error ?? '']))
        continue
      }
      const input = Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']))
      const line = { row: row.position + 1, status: row.status, input, output, error: row.error }
      lines.push(`${JSON.stringify(urls ? { ...line, media: urls } : line)}\n`)
    }
    yield lines.join('')
  }
}
