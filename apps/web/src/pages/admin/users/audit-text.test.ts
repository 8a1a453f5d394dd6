import { describe, expect, it } from 'vitest'

import { ENGLISH_ADMIN_TEXT as text } from '../testing/admin-text.ts'
import { auditActionText, auditDetailsText } from './audit-text.ts'

describe('audit entries in words', () => {
  it('names the console’s actions and an admin’s API calls', () => {
    expect(auditActionText(text, 'credits.grant')).toBe('Added credits')
    expect(auditActionText(text, 'credits.revoke')).toBe('Took back credits')
    expect(auditActionText(text, 'rest:POST /admin/addCreditManual')).toBe('API call POST /admin/addCreditManual')
    expect(auditActionText(text, 'tool.unpublish')).toBe('Took a tool out of the catalogue')
    expect(auditActionText(text, 'tool.read')).toBe('Opened a private tool')
  })

  it('reads a builder action on a user’s tool by the tool’s name and the reason', () => {
    const details = { toolId: 'a1b2', name: 'Caption Writer', reason: 'reported as spam', requestId: 'r1' }
    expect(auditDetailsText(text, details)).toBe('name: Caption Writer, reason: reported as spam')
  })

  it('reads a grant as credits, days and the note', () => {
    const details = { credits: 50, days: 7, note: 'goodwill', expiresAt: '2026-12-01T00:00:00Z', requestId: 'r1' }
    expect(auditDetailsText(text, details)).toBe('50 credits, valid 7 days: “goodwill”')
  })

  it('reads a revoke of one credit without a note', () => {
    expect(auditDetailsText(text, { credits: 1, note: '', taken: 1 })).toBe('1 credit, taken: 1')
  })

  it('shows other facts as they are, and a dash when there are none', () => {
    expect(auditDetailsText(text, { route: '/api/v1/limits', email: 'a@b.c' })).toBe(
      'route: /api/v1/limits, email: a@b.c',
    )
    expect(auditDetailsText(text, { requestId: 'r1' })).toBe('—')
  })
})
