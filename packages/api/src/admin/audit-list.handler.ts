import { auditDetails } from '../audit/record-audit.ts'
import type { AuthedContext } from '../context.ts'
import { encodeAuditCursor, type AuditListInput, type AuditListOutput } from './audit-list.schema.ts'

const person = { select: { id: true, name: true, email: true } } as const

/**
 * The audit log for the admin console, newest first, one page at a time. Keyset paging on
 * (created_at, id), so a page never repeats or skips an entry while new ones are written. One query.
 */
export async function listAudit({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: AuditListInput
}): Promise<AuditListOutput> {
  const after = input.cursor
  const rows = await ctx.db.auditEntry.findMany({
    where: {
      ...(input.targetUserId ? { targetUserId: input.targetUserId } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit + 1,
    include: { actor: person, target: person },
  })
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actor,
      target: row.target,
      // Written through recordAudit, which only stores objects; anything else reads as no details.
      details: auditDetails.catch({}).parse(row.details),
      createdAt: row.createdAt,
    })),
    nextCursor: rows.length > input.limit && last ? encodeAuditCursor(last) : null,
  }
}
