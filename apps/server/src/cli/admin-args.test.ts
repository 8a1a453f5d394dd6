import { describe, expect, it } from 'vitest'

import { parseAdminArgs } from './admin-args.ts'

describe('parseAdminArgs', () => {
  it('reads grant or revoke and one e-mail address', () => {
    expect(parseAdminArgs(['grant', ' ada@example.com '])).toEqual({
      command: { action: 'grant', email: 'ada@example.com' },
    })
    expect(parseAdminArgs(['revoke', 'ada@example.com'])).toEqual({
      command: { action: 'revoke', email: 'ada@example.com' },
    })
  })

  it('says what is wrong with anything else', () => {
    expect(parseAdminArgs([])).toEqual({ problem: 'Expected 2 arguments, got 0.' })
    expect(parseAdminArgs(['grant', 'a@b.co', 'extra'])).toEqual({ problem: 'Expected 2 arguments, got 3.' })
    expect(parseAdminArgs(['promote', 'a@b.co'])).toEqual({ problem: 'Unknown command "promote".' })
    expect(parseAdminArgs(['grant', 'ada'])).toEqual({ problem: '"ada" is not an e-mail address.' })
  })
})
