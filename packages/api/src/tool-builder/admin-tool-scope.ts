import type { Prisma as PrismaTypes } from '@promptly/db/client'

import { recordAudit, type AuditAction } from '../audit/record-audit.ts'
import type { AuthedContext } from '../context.ts'
import { toolsAdminReachesUnasked } from '../tools/tool-visibility.ts'
import type { BuiltToolScope, WrittenTool } from './builder-writes.ts'

/**
 * The one rule for private tools, at every door (admin.tools.*, the REST builder calls): a private
 * tool (a user's, not in the catalogue) is its owner's alone. An admin reaches someone else's only
 * by stating a reason, and that call is audited with the reason and the owner as its target.
 * Without one, the admin is told what any stranger is told (tools.personal.*): NOT_FOUND, so the
 * call does not even reveal that the tool exists. Catalogue tools, and the admin's own, need no
 * reason.
 *
 * The rule is a condition of the call's own WHERE, not a look-up before it: a tool taken out of the
 * catalogue by someone else at the same moment is simply not reached.
 */
export function adminToolScope(ctx: AuthedContext, id: string, reason: string | undefined): BuiltToolScope {
  if (reason !== undefined) return { id }
  return { id, ...toolsAdminReachesUnasked(ctx.user.id) }
}

/** Whether the rule above needed a reason for this tool: a private tool of someone else's. */
export function isOthersPrivateTool(ctx: AuthedContext, tool: Pick<WrittenTool, 'ownerId' | 'published'>): boolean {
  return !tool.published && tool.ownerId !== null && tool.ownerId !== ctx.user.id
}

export type ToolAuditAction = Extract<AuditAction, `tool.${string}`>

/**
 * An admin's builder call in the audit log: who (the admin), whose tool (its owner; none for a
 * seeded tool), which tool and why. Pass the write's transaction, so the entry lands with it.
 */
export async function recordToolAudit(
  db: Pick<PrismaTypes.TransactionClient, 'auditEntry'>,
  ctx: AuthedContext,
  action: ToolAuditAction,
  tool: Pick<WrittenTool, 'id' | 'name' | 'ownerId'>,
  reason: string | undefined,
): Promise<void> {
  await recordAudit(db, {
    actorId: ctx.user.id,
    action,
    targetUserId: tool.ownerId,
    details: { toolId: tool.id, name: tool.name, ...(reason !== undefined && { reason }), requestId: ctx.requestId },
  })
}
