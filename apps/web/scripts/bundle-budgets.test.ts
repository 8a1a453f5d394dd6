// @vitest-environment node
import { describe, expect, it } from 'vitest'

import {
  BUDGET_TOLERANCE_BYTES,
  budgetFailure,
  BudgetFileError,
  budgetFileText,
  judgeBudgets,
  parseBudgetFile,
} from './bundle-budgets.ts'

const RECORD = 180_000

function verdictFor(measured: number) {
  const [verdict] = judgeBudgets({ '/': measured }, { '/': RECORD })
  return verdict!
}

describe('judging a page against its recorded size', () => {
  it('passes a page within the tolerance either way, up to the tolerance itself', () => {
    for (const measured of [RECORD, RECORD + BUDGET_TOLERANCE_BYTES, RECORD - BUDGET_TOLERANCE_BYTES, RECORD + 10]) {
      const verdict = verdictFor(measured)
      expect(verdict.status, `${measured} bytes`).toBe('within')
      expect(budgetFailure(verdict)).toBeNull()
    }
  })

  it('fails a page that grew past the tolerance, with its figures and how to record them', () => {
    const verdict = verdictFor(RECORD + BUDGET_TOLERANCE_BYTES + 1)
    expect(verdict).toEqual({ page: '/', status: 'over', measured: 181_001, recorded: RECORD })
    const failure = budgetFailure(verdict)
    expect(failure).toContain('/: 181.00 kB, 1.00 kB over its record of 180.00 kB')
    expect(failure).toContain('npm run size:record')
  })

  it('fails a page that shrank past the tolerance, asking to lower its record', () => {
    const verdict = verdictFor(RECORD - 2_500)
    expect(verdict.status).toBe('under')
    const failure = budgetFailure(verdict)
    expect(failure).toContain('/: 177.50 kB, 2.50 kB under its record of 180.00 kB')
    expect(failure).toContain('Lower the record')
    expect(failure).toContain('npm run size:record')
  })

  it('fails a measured page the file has no record of, and a record of a page no longer measured', () => {
    const verdicts = judgeBudgets({ '/': RECORD, '/plan': 190_000 }, { '/': RECORD, '/old': 170_000 })
    expect(verdicts).toEqual([
      { page: '/', status: 'within', measured: RECORD, recorded: RECORD },
      { page: '/plan', status: 'unrecorded', measured: 190_000 },
      { page: '/old', status: 'unmeasured', recorded: 170_000 },
    ])
    expect(budgetFailure(verdicts[1]!)).toContain('/plan: 190.00 kB, and bundle-budgets.json has no record of it')
    expect(budgetFailure(verdicts[2]!)).toContain('records /old, which the check does not measure')
  })

  it('takes no inherited property for a record', () => {
    expect(judgeBudgets({ constructor: 1 }, {})).toEqual([{ page: 'constructor', status: 'unrecorded', measured: 1 }])
  })
})

describe('the budget file', () => {
  it('reads back what it records', () => {
    const measured = { '/': 185_110, '/generate': 243_260, '/plan': 192_240 }
    expect(parseBudgetFile(budgetFileText(measured))).toEqual({ jsGzipBytes: measured })
  })

  it('refuses a file that is not JSON, holds no byte counts, or has keys it does not know', () => {
    expect(() => parseBudgetFile('{')).toThrow(BudgetFileError)
    expect(() => parseBudgetFile('{"jsGzipBytes": {"/": "180 kB"}}')).toThrow(BudgetFileError)
    expect(() => parseBudgetFile('{"jsGzipBytes": {"/": 180.5}}')).toThrow(BudgetFileError)
    expect(() => parseBudgetFile('{"jsGzipBytes": {}, "homeKb": 179}')).toThrow(/homeKb/)
  })
})
