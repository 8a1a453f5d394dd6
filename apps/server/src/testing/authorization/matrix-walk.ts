import type { Outcome } from './procedure-access.ts'

export interface MatrixWalk<Row, Caller extends string> {
  rows: [string, Row][]
  callers: readonly Caller[]
  expected: (row: Row, caller: Caller) => Outcome
  outcomeOf: (key: string, row: Row, caller: Caller) => Promise<string>
  /** Whether an allowed call deletes what the others read: such calls go last. */
  destructive?: (row: Row) => boolean
}

/**
 * Calls every cell of one side of a matrix (the refusals, or the allowed calls) one after another
 * and lists each cell whose outcome differs from the expected one.
 */
export async function cellsThatDiffer<Row, Caller extends string>(
  walk: MatrixWalk<Row, Caller>,
  side: 'refused' | 'allowed',
): Promise<string[]> {
  const wrong: string[] = []
  const last = (row: Row) => Number(side === 'allowed' && walk.destructive?.(row) === true)
  const rows = [...walk.rows].sort(([, a], [, b]) => last(a) - last(b))
  for (const [key, row] of rows) {
    for (const caller of walk.callers) {
      const expected = walk.expected(row, caller)
      if ((expected === 'ok') !== (side === 'allowed')) continue
      const got = await walk.outcomeOf(key, row, caller)
      if (got !== expected) wrong.push(`${key} as ${caller}: ${got}, expected ${expected}`)
    }
  }
  return wrong
}

/** A REST answer's status as a matrix outcome: any 2xx is `ok`, the refusals by name. */
export function outcomeOfStatus(status: number): string {
  if (status >= 200 && status < 300) return 'ok'
  return { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' }[status] ?? `status ${status}`
}
