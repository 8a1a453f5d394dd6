import type { AuthedContext } from '../context.ts'
import { ownJob } from './job-view.ts'
import { mediaOfGenerations, rowMediaItems } from './row-media.ts'
import type { BulkRowsInput, BulkRowsOutput } from './rows.schema.ts'

/**
 * A page of one of the caller's jobs' rows, in input order, from after `after`, optionally only those
 * in one state. Keyset paging on (job, position): a page costs the same at row 9,000 as at row 0, and
 * rows settling meanwhile never shift a page. A media tool's done rows carry their images or audio.
 * NOT_FOUND for anyone else's job.
 */
export async function listBulkRows({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: BulkRowsInput
}): Promise<BulkRowsOutput> {
  await ownJob(ctx.db, ctx.user.id, input.jobId)
  const rows = await ctx.db.bulkRow.findMany({
    where: {
      jobId: input.jobId,
      ...(input.after === undefined ? {} : { position: { gt: input.after } }),
      ...(input.status ? { status: input.status } : {}),
    },
    orderBy: { position: 'asc' },
    // One more than asked: whether a next page exists, without a count.
    take: input.limit + 1,
    select: { position: true, status: true, cells: true, output: true, error: true, generationId: true },
  })
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  const delivering = page.flatMap((row) => (row.status === 'done' && row.generationId ? [row.generationId] : []))
  const media = await mediaOfGenerations(ctx.db, delivering)
  return {
    rows: page.map((row) => ({
      ...row,
      cells: Array.isArray(row.cells) ? row.cells.map(String) : [],
      media: row.status === 'done' && row.generationId ? rowMediaItems(media.get(row.generationId) ?? []) : [],
    })),
    nextAfter: rows.length > input.limit && last ? last.position : null,
  }
}
