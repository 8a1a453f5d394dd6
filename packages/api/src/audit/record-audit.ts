import { z } from 'zod'

import type { Prisma } from '@promptly/db/client'

/**
 * What was done, in a form a console can filter on: an operator's role change from the command
 * line, an admin console's change (credits granted or taken back, a plan offer edited, a tool built,
 * changed, put into or taken out of the catalogue, deleted, or a user's private tool opened with a
 * reason), or a REST call an admin made on someone else's account (`rest:<METHOD> <route pattern>`).
 */
export const auditAction = z.union([
  z.enum(['role.grant', 'role.revoke', 'credits.grant', 'credits.revoke', 'plans.update']),
  z.enum(['tool.create', 'tool.update', 'tool.publish', 'tool.unpublish', 'tool.delete', 'tool.read']),
  z.templateLiteral(['rest:', z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']), ' /', z.string().max(200)]),
])
export type AuditAction = z.infer<typeof auditAction>

/** Free-form facts about the action (the route, the request id, the e-mail given to the CLI...). */
export const auditDetails = z.record(z.string(), z.json())
export type AuditDetails = z.infer<typeof auditDetails>

export const auditEntryInput = z.object({
  /** Who acted; null for an operator at the command line, who has no account in the app. */
  actorId: z.uuid().nullable(),
  action: auditAction,
  /** Whose account the action was on; null when it was on none. */
  targetUserId: z.uuid().nullable(),
  details: auditDetails.default({}),
})
export type AuditEntryInput = z.input<typeof auditEntryInput>

/**
 * Writes one audit entry (who, what, whom; the database stamps when). Pass a transaction to make the
 * entry part of the change it records, so neither lands without the other. Returns its id, for a
 * change that names the entry recording it (an admin's ledger entry does, as its reference).
 */
export async function recordAudit(
  db: Pick<Prisma.TransactionClient, 'auditEntry'>,
  entry: AuditEntryInput,
): Promise<{ id: string }> {
  const { actorId, action, targetUserId, details } = auditEntryInput.parse(entry)
  return db.auditEntry.create({ data: { actorId, action, targetUserId, details }, select: { id: true } })
}
