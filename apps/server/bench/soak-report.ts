import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'

import { soakChartSvg } from './soak-chart.ts'
import { medianOf, numbers, type KindFigures, type LedgerCheck, type MinuteFigures } from './soak-figures.ts'
import type { SlowBesideImages } from './soak-proxy-timing.ts'
import { SOAK_KINDS, type SoakKind } from './soak-settings.ts'
import { MIN_REQUESTS_FOR_P99, type Verdict } from './soak-verdicts.ts'

/** Everything a run found: what the JSON holds, the table prints and the page summarises. */
export interface SoakRecord {
  startedAt: string
  minutes: number
  /** The unmeasured run before the clock started: its failures still fail the run. */
  warmup: { seconds: number; requests: number; errors: number; errorSamples: Partial<Record<SoakKind, string[]>> }
  requestsPerSecond: number
  flowsPerSecond: Record<string, number>
  providerTiming: Record<string, number>
  cpus: number
  loadAverageBefore: number[]
  loadAverageAfter: number[]
  /** Requests the proxy passed to each instance. */
  forwarded: number[]
  /** Requests the proxy answered 502 itself. */
  proxyFailures: number
  perMinute: MinuteFigures[]
  /**
   * The same answers timed at the proxy (in the rig's process), without the load generator's own
   * pauses: a minute slow in the generator but not here was the generator's.
   */
  atProxy: {
    p99ByMinute: Record<SoakKind, (number | null)[]>
    slowBesideImages: SlowBesideImages[]
    /** Each kind's slowest answers: [ms, seconds after the clock started]. */
    slowest: Record<string, [number, number][]>
  }
  whole: Record<SoakKind, KindFigures>
  errorSamples: Partial<Record<SoakKind, string[]>>
  readFailures: string[]
  ledger: LedgerCheck
  verdicts: Verdict[]
  pass: boolean
}

export const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`
const mb = (bytes: number | null | undefined) => (typeof bytes === 'number' ? (bytes / 1024 / 1024).toFixed(1) : '-')
const ms = (value: number | null | undefined) => (typeof value === 'number' ? value.toFixed(value < 10 ? 1 : 0) : '-')

/** Rows of cells as aligned columns, the first row a header. */
function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  return rows.map((row) => row.map((cell, column) => cell.padStart(widths[column]!)).join('  ')).join('\n')
}

/** The per-minute tables, the whole run per kind and the verdicts, on standard output. */
export function printSoakReport(record: SoakRecord): void {
  const names = record.perMinute[0]?.instances.map((instance) => instance.name) ?? []
  const resources = [
    [
      'minute',
      ...names.map((n) => `RSS ${n}`),
      ...names.map((n) => `heap ${n}`),
      ...['loop p99', 'gen stall', 'pg', 'redis MB', 'keys', 'autovacuum (v) / autoanalyze (a)'],
    ],
    ...record.perMinute.map((m) => [
      String(m.minute),
      ...m.instances.map((i) => mb(i.rssMeanBytes)),
      ...m.instances.map((i) => mb(i.heapUsedMeanBytes)),
      ms(Math.max(...numbers(m.instances.map((i) => i.eventLoopLagP99Ms)))),
      ms(m.loadGeneratorStallMaxMs),
      String(m.pgConnectionsMax ?? '-'),
      mb(m.redisUsedMemoryBytes),
      String(m.redisKeys ?? '-'),
      [...m.autoVacuumed.map((table) => `v ${table}`), ...m.autoAnalyzed.map((table) => `a ${table}`)].join(' '),
    ]),
  ]
  const latencies = [
    ['minute', ...SOAK_KINDS],
    ...record.perMinute.map((m) => [
      String(m.minute),
      ...SOAK_KINDS.map((kind) => {
        const figures = m.kinds[kind]
        return `${ms(figures.p50Ms)}/${ms(figures.p99Ms)}${figures.errors > 0 ? ` E${figures.errors}` : ''}`
      }),
    ]),
  ]
  const print = (line = '') => process.stdout.write(`${line}\n`)
  print(
    "\nresources per minute (MB; loop p99 in ms, the worst instance; gen stall: the load generator's " +
      'longest event-loop stall, ms; pg: sessions on the database)',
  )
  print(table(resources))
  print(`\nlatency per minute, p50/p99 ms (E: errors)`)
  print(table(latencies))
  print(`\np99 per minute, in the generator / at the proxy, ms`)
  print(table(proxyRows(record)))
  for (const slow of record.atProxy.slowBesideImages) print(besideImagesLine(slow))
  print(`\nwhole run`)
  print(table(wholeRunRows(record)))
  const { warmup } = record
  print(`\nwarm-up (not measured): ${warmup.seconds} s, ${warmup.requests} requests, ${warmup.errors} errors`)
  for (const [kind, messages] of Object.entries(warmup.errorSamples)) print(`  ${kind}: ${messages.join(' | ')}`)
  print(`proxy: ${record.forwarded.join(' / ')} requests to ${names.join(' / ')}, ${record.proxyFailures} answered 502`)
  for (const failure of record.readFailures.slice(0, 5)) print(`resource read failed: ${failure}`)
  for (const [kind, messages] of Object.entries(record.errorSamples))
    print(`${kind} errors, e.g.: ${messages.join(' | ')}`)
  print('')
  for (const verdict of record.verdicts)
    print(`${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.criterion}: ${verdict.detail}`)
  print(record.pass ? '\nsoak: PASS' : '\nsoak: FAIL')
}

const judgedKinds = (record: SoakRecord) =>
  SOAK_KINDS.filter((kind) => record.perMinute.every((m) => m.kinds[kind].requests >= MIN_REQUESTS_FOR_P99))

/** The kinds judged for p99, each minute's p99 in the generator beside the proxy's. */
function proxyRows(record: SoakRecord): string[][] {
  const judged = judgedKinds(record)
  return [
    ['minute', ...judged],
    ...record.perMinute.map((m, index) => [
      String(m.minute),
      ...judged.map((kind) => `${ms(m.kinds[kind].p99Ms)} / ${ms(record.atProxy.p99ByMinute[kind][index])}`),
    ]),
  ]
}

function besideImagesLine(slow: SlowBesideImages): string {
  return (
    `  ${slow.kind}: ${slow.slow} of ${slow.answers} answers over ${ms(slow.lineMs)} ms at the proxy, ` +
    `${slow.slowBesideImage} of them during an image's encode (${(slow.shareBesideImage * 100).toFixed(2)}% of ` +
    `all its answers were)`
  )
}

function wholeRunRows(record: SoakRecord): string[][] {
  return [
    ['kind', 'per s', 'requests', 'errors', 'p50 ms', 'p99 ms', 'median minute p99', 'worst minute p99'],
    ...SOAK_KINDS.map((kind) => {
      const p99s = record.perMinute.map((m) => m.kinds[kind].p99Ms)
      const perSecond = record.flowsPerSecond[kind === 'sign_up' ? 'payment' : kind] ?? 0
      return [
        kind,
        perSecond.toFixed(perSecond < 0.1 ? 3 : 1),
        String(record.whole[kind].requests),
        String(record.whole[kind].errors),
        ms(record.whole[kind].p50Ms),
        ms(record.whole[kind].p99Ms),
        ms(medianOf(p99s)),
        ms(Math.max(...numbers(p99s))),
      ]
    }),
  ]
}

/** The run's JSON and chart in `outDir`, named by start time and length; their paths. */
export async function writeSoakFiles(record: SoakRecord, outDir: string): Promise<{ json: string; svg: string }> {
  await mkdir(outDir, { recursive: true })
  const stem = `soak-${record.startedAt.slice(0, 16).replace(':', '-')}-${record.minutes}min`
  const json = path.join(outDir, `${stem}.json`)
  const svg = path.join(outDir, `${stem}.svg`)
  const title = `Promptly soak, ${record.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${minutes(record.minutes)}`
  // Formatted as `npm run lint` checks it, since the file is committed.
  await writeFile(json, await format(JSON.stringify(record), { ...(await resolveConfig(json)), filepath: json }))
  await writeFile(svg, soakChartSvg(record.perMinute, title))
  return { json, svg }
}

export const LATEST_START = '<!-- soak-latest:start -->'
export const LATEST_END = '<!-- soak-latest:end -->'

/**
 * Rewrites the part of the soak page between LATEST_START and LATEST_END with this run's summary,
 * so the page's figures are always the last run's; a page without the markers is left alone.
 */
export async function updateSoakPage(docPath: string, record: SoakRecord, files: { json: string; svg: string }) {
  const page = await readFile(docPath, 'utf8').catch(() => null)
  const start = page?.indexOf(LATEST_START) ?? -1
  const end = page?.indexOf(LATEST_END) ?? -1
  if (!page || start < 0 || end < start) return false
  const link = (file: string) => path.relative(path.dirname(docPath), file).split(path.sep).join('/')
  const rows = wholeRunRows(record)
  const summary = [
    LATEST_START,
    `Run of ${record.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${minutes(record.minutes)} at ` +
      `${record.requestsPerSecond.toFixed(2)} requests/s after a ${record.warmup.seconds} s warm-up, ` +
      `on ${record.cpus} cores (load average before ` +
      `${record.loadAverageBefore.map((v) => v.toFixed(2)).join(' ')}, after ` +
      `${record.loadAverageAfter.map((v) => v.toFixed(2)).join(' ')}). ` +
      `Figures: [${link(files.json)}](${link(files.json)}), chart: [${link(files.svg)}](${link(files.svg)}).`,
    '',
    `| ${rows[0]!.join(' | ')} |`,
    `| ${rows[0]!.map(() => '---').join(' | ')} |`,
    ...rows.slice(1).map((row) => `| ${row.join(' | ')} |`),
    '',
    ...record.verdicts.map((v) => `- **${v.pass ? 'PASS' : 'FAIL'}** ${v.criterion}: ${v.detail}`),
    `- At the proxy (the same answers without the load generator's pauses), worst/median minute p99: ` +
      judgedKinds(record)
        .map((kind) => {
          const p99s = record.atProxy.p99ByMinute[kind]
          const worst = Math.max(...numbers(p99s))
          return `${kind} ${ms(worst)}/${ms(medianOf(p99s))} ms (minute ${p99s.indexOf(worst) + 1})`
        })
        .join(', '),
    '',
    `![RSS per instance and p99 per kind over the run](${link(files.svg)})`,
    LATEST_END,
  ].join('\n')
  await writeFile(docPath, page.slice(0, start) + summary + page.slice(end + LATEST_END.length))
  return true
}
