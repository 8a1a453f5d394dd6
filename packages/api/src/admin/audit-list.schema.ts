import { z } from 'zod'

import { auditDetails } from '../audit/record-audit.ts'

export const AUDIT_LIST_DEFAULT_LIMIT = 50
export const AUDIT_LIST_MAX_LIMIT = 100

/** Where the previous page ended: the last entry's (createdAt, id). */
export interface AuditPosition {
  createdAt: Date
  id: string
}

export function encodeAuditCursor(at: AuditPosition): string {
  return `${at.createdAt.getTime()}.${at.id}`
}

/**
 * Opaque to clients: `<epoch ms>.<uuid>`. The column keeps milliseconds, so the time is exactly the
 * row's and the next page starts right after it, whatever was written meanwhile.
 */
export const auditCursor = z
  .string()
  .regex(/^\d{1,15}\.[0-9a-f-]{36}$/, 'Invalid cursor')
  .transform((cursor): AuditPosition => {
    const [time = '', id = ''] = cursor.split('.')
    return { createdAt: new Date(Number(time)), id }
  })

export const auditListInput = z.object({
  cursor: auditCursor.nullish(),
  limit: z.number().int().min(1).max(AUDIT_LIST_MAX_LIMIT).default(AUDIT_LIST_DEFAULT_LIMIT),
  /** Only the entries about this account. */
  targetUserId: z.uuid().nullish(),
})
export type AuditListInput = z.output<typeof auditListInput>

/** An account named in an entry; null once that account is deleted (or, for the actor, an operator's CLI). */
export const auditPerson = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable()

export const auditListEntry = z.object({
  id: z.string(),
  action: z.string(),
  actor: auditPerson,
  target: auditPerson,
  details: auditDetails,
  createdAt: z.date(),
})
export type AuditListEntry = z.infer<typeof auditListEntry>

export const auditListOutput = z.object({
  /** Newest first. */
  entries: z.array(auditListEntry),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type AuditListOutput = z.infer<typeof auditListOutput>
