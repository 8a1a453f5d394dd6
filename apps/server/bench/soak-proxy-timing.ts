import { kindFigures, medianOf } from './soak-figures.ts'
import { PROVIDER_TIMING, SOAK_KINDS, type SoakKind } from './soak-settings.ts'
import { P99_FACTOR } from './soak-verdicts.ts'

/**
 * One answer as the proxy timed it, in the rig's process: [kind, arrival in ms since the epoch, ms to
 * its last byte]. A tuple, as tens of thousands of them cross the rig's IPC channel at the end.
 */
export type ProxyTiming = readonly [kind: SoakKind, atMs: number, ms: number]

const CATALOGUE_PROCEDURES = new Set(['tools.categories', 'tools.byCategory', 'tools.get'])

/**
 * The soak kind a proxied request belongs to, from its tRPC path and whether it was signed in; null
 * for what the soak does not time by kind (set-up, sign-in, the webhook, media downloads).
 */
export function soakKindOf(url: string, signedIn: boolean): SoakKind | null {
  const procedure = /^\/trpc\/([^?/]+)/.exec(url)?.[1]
  if (procedure === undefined) return null
  if (CATALOGUE_PROCEDURES.has(procedure)) return signedIn ? 'catalogue_in' : 'catalogue_out'
  switch (procedure) {
    case 'tools.search':
      return 'search'
    case 'bookmarks.set':
      return 'bookmark'
    case 'generation.run':
      return 'generation'
    case 'generation.image':
      return 'image'
    case 'generation.speech':
      return 'speech'
    default:
      return null
  }
}

/** Each kind's p99 per minute as the proxy measured it: minute m is [t0 + (m-1) min, t0 + m min). */
export function proxyP99sByMinute(
  timings: readonly ProxyTiming[],
  t0EpochMs: number,
  minutes: number,
): Record<SoakKind, (number | null)[]> {
  const buckets = Object.fromEntries(
    SOAK_KINDS.map((kind) => [kind, Array.from({ length: minutes }, (): number[] => [])]),
  ) as Record<SoakKind, number[][]>
  for (const [kind, atMs, ms] of timings) {
    const minute = Math.floor((atMs - t0EpochMs) / 60_000)
    if (minute >= 0 && minute < minutes) buckets[kind][minute]!.push(ms)
  }
  return Object.fromEntries(
    SOAK_KINDS.map((kind) => [kind, buckets[kind].map((latencies) => kindFigures(latencies, 0).p99Ms)]),
  ) as Record<SoakKind, (number | null)[]>
}

/** How many of a kind's answers were slow, and how many of those overlapped an image's own work. */
export interface SlowBesideImages {
  kind: SoakKind
  /** The kind's line: P99_FACTOR x its median minute p99, as the proxy measured them. */
  lineMs: number
  answers: number
  slow: number
  slowBesideImage: number
  /** The share of all the kind's answers that overlapped an image's own work: what chance gives. */
  shareBesideImage: number
}

/**
 * Whether an image's own work (from the provider's answer, PROVIDER_TIMING.imageMs after the request
 * arrived, to the image's answer: decoding, re-encoding as JPEG, storing) lines up with the slow
 * answers: if the slow answers overlap it far more often than all answers do, the encode is what
 * holds them up. Per kind measured in the run, from the proxy's timings.
 */
export function slowAnswersBesideImages(
  timings: readonly ProxyTiming[],
  p99sByMinute: Record<SoakKind, (number | null)[]>,
): SlowBesideImages[] {
  const imageWork = timings
    .filter(([kind]) => kind === 'image')
    .map(([, atMs, ms]) => [atMs + PROVIDER_TIMING.imageMs, atMs + ms] as const)
  const besideImage = ([, atMs, ms]: ProxyTiming) => imageWork.some(([from, to]) => atMs <= to && atMs + ms >= from)
  return SOAK_KINDS.flatMap((kind) => {
    const middle = medianOf(p99sByMinute[kind])
    const own = timings.filter((timing) => timing[0] === kind)
    if (middle === null || own.length === 0 || kind === 'image') return []
    const lineMs = P99_FACTOR * middle
    const slow = own.filter(([, , ms]) => ms > lineMs)
    return [
      {
        kind,
        lineMs,
        answers: own.length,
        slow: slow.length,
        slowBesideImage: slow.filter(besideImage).length,
        shareBesideImage: own.filter(besideImage).length / own.length,
      },
    ]
  })
}

/** The slowest `count` answers of a kind, slowest first: [ms, seconds into the run]. */
export function slowestAnswers(
  timings: readonly ProxyTiming[],
  kind: SoakKind,
  t0EpochMs: number,
  count: number,
): [ms: number, atS: number][] {
  const own = timings.filter((timing) => timing[0] === kind).map(([, atMs, ms]) => [ms, atMs] as const)
  const sorted = [...own].sort((a, b) => b[0] - a[0]).slice(0, count)
  return sorted.map(([ms, atMs]) => [Math.round(ms * 10) / 10, Math.round((atMs - t0EpochMs) / 100) / 10])
}
