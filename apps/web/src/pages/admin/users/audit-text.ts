import { formatCount } from '../admin-format.ts'
import type { AuditEntry } from '../admin-types.ts'

const ACTIONS: Record<string, string> = {
  'credits.grant': 'Added credits',
  'credits.revoke': 'Took back credits',
  'plans.update': 'Changed a plan offer',
  'role.grant': 'Made an admin',
  'role.revoke': 'Admin role removed',
}

/** An audit action in words; an admin's REST call on the account reads as its method and route. */
export function auditActionText(action: AuditEntry['action']): string {
  if (action.startsWith('rest:')) return `API call ${action.slice('rest:'.length)}`
  return ACTIONS[action] ?? action
}

/** Facts kept for tracing, not for reading. */
const HIDDEN_DETAILS = new Set(['requestId', 'expiresAt'])

/**
 * An entry's details in one line: credits, days and the note read as a sentence, anything else as
 * "name: value" (the audit log keeps free-form facts).
 */
export function auditDetailsText(details: AuditEntry['details']): string {
  const parts: string[] = []
  const { credits, days, note, ...rest } = details
  if (typeof credits === 'number') parts.push(`${formatCount(credits)} ${credits === 1 ? 'credit' : 'credits'}`)
  if (typeof days === 'number') parts.push(`valid ${formatCount(days)} ${days === 1 ? 'day' : 'days'}`)
  for (const [key, value] of Object.entries(rest)) {
    if (HIDDEN_DETAILS.has(key) || value === null || value === '') continue
    parts.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
  }
  const summary = parts.join(', ')
  if (typeof note === 'string' && note) return summary ? `${summary}: “${note}”` : `“${note}”`
  return summary || '—'
}
