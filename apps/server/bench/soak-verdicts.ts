import { mean, medianOf, numbers, sum, type LedgerCheck, type MinuteFigures } from './soak-figures.ts'
import { SOAK_KINDS } from './soak-settings.ts'

export interface Verdict {
  criterion: string
  pass: boolean
  detail: string
}

/** First and last minute of a window, both included (minute 1 is the first). */
export type MinuteWindow = readonly [from: number, to: number]

/** How far the late mean RSS may stray from the early one. */
export const RSS_TOLERANCE = 0.1
/** How far above the median minute's p99 any minute's p99 may go. */
export const P99_FACTOR = 2

/**
 * The memory criterion's windows, written for 30 minutes and scaled for any length: the early window
 * is minutes 5-10 of 30 (from the end of the fifth minute to the end of the tenth: minutes 6 to 10,
 * after start-up and warm-up), the late one the last 10. For N minutes: minutes floor(N/6) + 1 to
 * floor(N/3), and the last floor(N/3); each at least one minute (3 minutes: minute 1 against minute 3).
 */
export function memoryWindows(minutes: number): { early: MinuteWindow; late: MinuteWindow } {
  const earlyFrom = Math.floor(minutes / 6) + 1
  const lateLength = Math.max(1, Math.floor(minutes / 3))
  return {
    early: [earlyFrom, Math.max(earlyFrom, Math.floor(minutes / 3))],
    late: [Math.max(1, minutes - lateLength + 1), minutes],
  }
}

/** Mean RSS of each instance over the late window within RSS_TOLERANCE of its mean over the early window. */
export function memoryFlat(figures: readonly MinuteFigures[], instanceNames: readonly string[]): Verdict {
  const { early, late } = memoryWindows(figures.length)
  const windowMean = (window: MinuteWindow, index: number) =>
    mean(numbers(figures.filter((m) => inWindow(m.minute, window)).map((m) => m.instances[index]?.rssMeanBytes)))
  const parts = instanceNames.map((name, index) => {
    const before = windowMean(early, index)
    const after = windowMean(late, index)
    if (before === null || after === null) return { ok: false, text: `${name}: no RSS read` }
    const change = after / before - 1
    return {
      ok: Math.abs(change) <= RSS_TOLERANCE,
      text: `${name} ${mb(before)} -> ${mb(after)} MB (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%)`,
    }
  })
  return {
    criterion: `memory flat (mean RSS, minutes ${span(late)} within ${RSS_TOLERANCE * 100}% of ${span(early)})`,
    pass: parts.every((part) => part.ok),
    detail: parts.map((part) => part.text).join('; '),
  }
}

/**
 * A minute's p99 means something only over enough requests. Nearest-rank p99 of 100 values or fewer
 * is their maximum: one request that met a collection or a busy core sets the minute's figure alone
 * (runs at 60 a minute failed that way, one slow answer in a minute). From 120 a minute the p99 is the
 * second slowest, from 300 the fourth. Rarer kinds are shown, not judged (0 errors and the ledger
 * still cover them); the mix's rates keep every frequent kind above this.
 */
export const MIN_REQUESTS_FOR_P99 = 120

/**
 * Per kind with at least MIN_REQUESTS_FOR_P99 requests a minute: no minute's p99 above P99_FACTOR
 * times the median minute's p99.
 */
export function p99Steady(figures: readonly MinuteFigures[]): Verdict {
  const parts = SOAK_KINDS.flatMap((kind) => {
    const p99s = figures.map((m) => m.kinds[kind].p99Ms)
    const middle = medianOf(p99s)
    if (middle === null) return []
    const worst = Math.max(...numbers(p99s))
    const worstMinute = figures[p99s.indexOf(worst)]?.minute
    const perMinute = Math.round(sum(figures.map((m) => m.kinds[kind].requests)) / figures.length)
    const judged = perMinute >= MIN_REQUESTS_FOR_P99
    const rate = `${perMinute}/min${judged ? '' : ', not judged'}`
    const text = `${kind} ${ms(worst)}/${ms(middle)} (minute ${worstMinute}; ${rate})`
    return [{ ok: !judged || worst <= P99_FACTOR * middle, text }]
  })
  return {
    criterion:
      `p99 steady (no minute's p99 above ${P99_FACTOR}x the median minute's, ` +
      `per kind of ${MIN_REQUESTS_FOR_P99}+ a minute)`,
    pass: parts.every((part) => part.ok),
    detail: `worst/median: ${parts.map((part) => `${part.ok ? '' : '!'}${part.text}`).join(', ')}`,
  }
}

/** No request failed, in the warm-up either, and every resource read succeeded. */
export function noErrors(
  figures: readonly MinuteFigures[],
  readFailures: readonly string[],
  warmupErrors: number,
): Verdict {
  const byKind = SOAK_KINDS.map((kind) => [kind, sum(figures.map((m) => m.kinds[kind].errors))] as const)
  const failed = byKind.filter(([, errors]) => errors > 0)
  const total = sum(byKind.map(([, errors]) => errors))
  return {
    criterion: '0 errors',
    pass: total === 0 && readFailures.length === 0 && warmupErrors === 0,
    detail:
      `${total} failed requests${failed.length > 0 ? ` (${failed.map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}, ` +
      `${readFailures.length} failed resource reads, ${warmupErrors} failed in the warm-up`,
  }
}

export function ledgerBalanced(check: LedgerCheck): Verdict {
  return {
    criterion: 'balance = ledger sum for every account',
    pass: check.mismatches.length === 0,
    detail:
      `${check.accounts} accounts, ${check.mismatches.length} off` +
      (check.mismatches[0] ? ` (e.g. ${JSON.stringify(check.mismatches[0])})` : ''),
  }
}

const inWindow = (minute: number, [from, to]: MinuteWindow) => minute >= from && minute <= to
const span = ([from, to]: MinuteWindow) => (from === to ? `${from}` : `${from}-${to}`)
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const ms = (value: number) => `${value.toFixed(0)} ms`
