import { z } from 'zod'

import { isUuid } from '@promptly/core/text/uuid'
import type { Db } from '@promptly/db/client'

import type { AuditAction } from '../audit/record-audit.ts'
import type { ledgerEntry } from '../credits/ledger.schema.ts'
import type { AdminLedgerEntry } from './users-detail.schema.ts'

type LedgerEntry = z.infer<typeof ledgerEntry>

/** The ledger reasons an admin's console action writes, each with the audit action recording it. */
const AUDITED_REASONS: Partial<Record<LedgerEntry['reason'], AuditAction>> = {
  admin_topup: 'credits.grant',
  admin_revoke: 'credits.revoke',
}

const person = { select: { id: true, name: true, email: true } } as const

/**
 * An admin's ledger entry names the audit entry that records it (its reference, written in the same
 * transaction by credits-grant and credits-revoke), and that entry holds the admin and the note: one
 * query for the whole page joins them back, so the entry itself says who and why. An entry whose
 * audit entry is gone (or predates the audit log) is shown as it is.
 */
export async function withAdminActions(db: Db, entries: LedgerEntry[]): Promise<AdminLedgerEntry[]> {
  const references = entries
    .filter((entry) => AUDITED_REASONS[entry.reason] !== undefined && isUuid(entry.reference))
    .map((entry) => entry.reference)
  if (references.length === 0) return entries
  const audits = await db.auditEntry.findMany({
    where: { id: { in: references } },
    select: { id: true, action: true, details: true, actor: person },
  })
  const byId = new Map(audits.map((audit) => [audit.id, audit]))
  return entries.map((entry) => {
    const audit = byId.get(entry.reference)
    if (!audit || audit.action !== AUDITED_REASONS[entry.reason]) return entry
    return { ...entry, admin: { by: audit.actor, note: noteOf(audit.details) } }
  })
}

function noteOf(details: unknown): string {
  const note = z.object({ note: z.string() }).safeParse(details)
  return note.success ? note.data.note : ''
}
