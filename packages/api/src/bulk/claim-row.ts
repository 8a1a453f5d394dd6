import type { Db } from '@promptly/db/client'
import type { BulkJobStatus, ToolKind } from '@promptly/db/generated/prisma/enums'

/** A queued row as its run sees it, with what it needs of its job. */
export interface ClaimedRow {
  id: string
  jobId: string
  /** The row's form values, as stored when the job was made. */
  values: unknown
  job: {
    status: BulkJobStatus
    /** Null once the tool was deleted. */
    toolId: string | null
    userId: string
    costPerRow: number
    /** The tool's kind; null once the tool was deleted. */
    toolKind: ToolKind | null
  }
}

interface ClaimedRowRecord {
  id: string
  job_id: string
  values: unknown
  job_status: BulkJobStatus
  tool_id: string | null
  user_id: string
  cost_per_row: number
  tool_kind: ToolKind | null
}

/**
 * Reads a row the queue handed over, if it is still `queued`, with its job and its tool's kind, in one
 * statement (each row's run starts here, so one round trip rather than one per relation). A row of a
 * running job counts the attempt and names the generation this attempt reserves under (the row keeps
 * the last attempt's, then the one that delivered it). Null when the row is gone or not queued: another
 * run settled it.
 */
export async function claimRow(db: Db, rowId: string, generationId: string): Promise<ClaimedRow | null> {
  const [record] = await db.$queryRaw<ClaimedRowRecord[]>`
    UPDATE bulk_rows r
       SET attempts = r.attempts + CASE WHEN j.status = 'running' THEN 1 ELSE 0 END,
           generation_id = CASE WHEN j.status = 'running' THEN ${generationId}::uuid ELSE r.generation_id END,
           updated_at = now() AT TIME ZONE 'UTC'
      FROM bulk_jobs j
      LEFT JOIN tools t ON t.id = j.tool_id
     WHERE r.id = ${rowId}::uuid AND r.status = 'queued' AND j.id = r.job_id
    RETURNING r.id, r.job_id, r.values, j.status AS job_status, j.tool_id, j.user_id, j.cost_per_row,
              t.kind AS tool_kind`
  if (!record) return null
  return {
    id: record.id,
    jobId: record.job_id,
    values: record.values,
    job: {
      status: record.job_status,
      toolId: record.tool_id,
      userId: record.user_id,
      costPerRow: record.cost_per_row,
      toolKind: record.tool_kind,
    },
  }
}
