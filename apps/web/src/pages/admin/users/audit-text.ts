import type { AuditEntry } from '../admin-types.ts'
import type { AdminText } from '../useAdminText.ts'

type ActionKey =
  | 'creditsGrant'
  | 'creditsRevoke'
  | 'plansUpdate'
  | 'roleGrant'
  | 'roleRevoke'
  | 'toolCreate'
  | 'toolUpdate'
  | 'toolPublish'
  | 'toolUnpublish'
  | 'toolDelete'
  | 'toolRead'

const ACTIONS: Record<string, ActionKey> = {
  'credits.grant': 'creditsGrant',
  'credits.revoke': 'creditsRevoke',
  'plans.update': 'plansUpdate',
  'role.grant': 'roleGrant',
  'role.revoke': 'roleRevoke',
  'tool.create': 'toolCreate',
  'tool.update': 'toolUpdate',
  'tool.publish': 'toolPublish',
  'tool.unpublish': 'toolUnpublish',
  'tool.delete': 'toolDelete',
  'tool.read': 'toolRead',
}

/** An audit action in words; an admin's REST call on the account reads as its method and route. */
export function auditActionText({ t }: AdminText, action: AuditEntry['action']): string {
  if (action.startsWith('rest:')) return t('admin.users.audit.apiCall', { call: action.slice('rest:'.length) })
  const known = ACTIONS[action]
  return known ? t(`admin.users.audit.action.${known}`) : action
}

/** Facts kept for tracing, not for reading. */
const HIDDEN_DETAILS = new Set(['requestId', 'expiresAt', 'toolId'])

/**
 * An entry's details in one line: credits, days and the note read as a sentence, anything else as
 * "name: value" (the audit log keeps free-form facts, shown as they are).
 */
export function auditDetailsText({ t, format }: AdminText, details: AuditEntry['details']): string {
  const parts: string[] = []
  const { credits, days, note, ...rest } = details
  if (typeof credits === 'number')
    parts.push(t('admin.users.audit.credits', { count: credits, amount: format.number(credits) }))
  if (typeof days === 'number') parts.push(t('admin.users.audit.days', { count: days, amount: format.number(days) }))
  for (const [name, value] of Object.entries(rest)) {
    if (HIDDEN_DETAILS.has(name) || value === null || value === '') continue
    parts.push(
      t('admin.users.audit.fact', { name, value: typeof value === 'object' ? JSON.stringify(value) : String(value) }),
    )
  }
  const summary = parts.join(t('admin.users.audit.separator'))
  if (typeof note === 'string' && note)
    return summary ? t('admin.users.audit.withNote', { summary, note }) : t('admin.users.audit.noteOnly', { note })
  return summary || t('admin.format.none')
}
