/**
 * Lighthouse figures for the public pages a visitor lands on: `/`, a seeded tool's generator page,
 * `/plan` and `/about`, each the median of RUNS runs with the mobile and the desktop presets.
 *
 * The built portal (apps/server/dist with apps/web/dist) is started (built-portal.ts) in production mode on an
 * embedded database in a temporary folder, so the figures are those of what `npm start` serves.
 * Scores move with the machine's load (total blocking time most): the load average is printed
 * before and after, and figures taken on a busy machine say little.
 *
 * Run after a build: `npm run build && npm run bench --workspace @promptly/e2e`
 * (`npm run bench` at the root builds first). A private build (see CONTRIBUTING) runs with
 * LIGHTHOUSE_SERVER_ENTRY=apps/server/dist-mine/main.js plus the server's own WEB_DIST_DIR and
 * WEB_SERVER_DIST_DIR, which the spawned server inherits; LIGHTHOUSE_PAGES=/,/plan and
 * LIGHTHOUSE_PRESETS=mobile narrow the run to the pages and presets a change is about.
 *
 * Beside the scores: the main thread's script time and the long tasks Lighthouse counted, both on
 * its throttled timeline. They move less with the machine's load than the scores do.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Config, type Flags, type RunnerResult } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'

import { median } from '@promptly/core/stats/median'

import { describeBuild, loadAverage, startBuiltPortal } from './built-portal.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3290)
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const listed = (value: string | undefined): string[] | null => (value ? value.split(',').map((v) => v.trim()) : null)
const onlyPages = listed(process.env.LIGHTHOUSE_PAGES)
const presets = (listed(process.env.LIGHTHOUSE_PRESETS) ?? ['mobile', 'desktop']).filter(
  (preset): preset is 'mobile' | 'desktop' => preset === 'mobile' || preset === 'desktop',
)

interface PageFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  bytes: number
  scriptingMs: number
  longTasks: number
}

/** The id of the first tool of the public catalogue, as the home page lists it. */
async function firstToolId(origin: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
  const response = await fetch(`${origin}/trpc/tools.byCategory?input=${input}`)
  if (!response.ok) throw new Error(`tools.byCategory answered ${response.status}`)
  const body = (await response.json()) as { result: { data: { json: { id: string }[] } } }
  const first = body.result.data.json[0]
  if (!first) throw new Error('the catalogue is empty')
  return first.id
}

function figuresOf(result: RunnerResult): PageFigures {
  const { categories, audits } = result.lhr
  const score = (key: string): number => Math.round((categories[key]?.score ?? 0) * 100)
  const numeric = (key: string): number => audits[key]?.numericValue ?? Number.NaN
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    scriptingMs: scriptingTime(result),
    longTasks: audits['long-tasks']?.details?.type === 'table' ? audits['long-tasks'].details.items.length : Number.NaN,
  }
}

/** Script evaluation on the main thread (mainthread-work-breakdown's group), throttled as the run was. */
function scriptingTime(result: RunnerResult): number {
  const details = result.lhr.audits['mainthread-work-breakdown']?.details
  if (details?.type !== 'table') return Number.NaN
  const row = details.items.find((item) => item.group === 'scriptEvaluation')
  return typeof row?.duration === 'number' ? row.duration : Number.NaN
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const keys = Object.keys(runs[0]!) as (keyof PageFigures)[]
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as PageFigures
}

/** Lighthouse's own failures to record a run (a lost trace, NO_NAVSTART) are retried this often. */
const ATTEMPTS_PER_RUN = 3

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<PageFigures> {
  const runs: PageFigures[] = []
  for (let run = 0; run < RUNS; run += 1) runs.push(await auditOnce(url, preset))
  return medianFigures(runs)
}

async function auditOnce(url: string, preset: 'mobile' | 'desktop'): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    // A fresh browser per run: no warm HTTP cache or compiled code carried from the last one.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    })
    try {
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' }
      const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined
      const result = await lighthouse(url, flags, config)
      if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
      const failure = result.lhr.runtimeError
      if (!failure) return figuresOf(result)
      // A page that fails to load fails every attempt; a lost trace is Lighthouse's, not the page's.
      if (attempt >= ATTEMPTS_PER_RUN) throw new Error(`${url}: ${failure.message}`)
      console.error(`  (${preset} ${url}: ${failure.code}, attempt ${attempt} of ${ATTEMPTS_PER_RUN}; retrying)`)
    } finally {
      chrome.kill()
    }
  }
}

function row(label: string, preset: string, f: PageFigures): string {
  const cells = [
    label.padEnd(22),
    preset.padEnd(7),
    String(f.performance).padStart(4),
    String(f.accessibility).padStart(4),
    String(f.bestPractices).padStart(4),
    String(f.seo).padStart(4),
    `${(f.fcpMs / 1000).toFixed(2)} s`.padStart(8),
    `${(f.lcpMs / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(f.tbtMs)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(6),
    `${(f.bytes / 1024).toFixed(0)} KiB`.padStart(9),
    `${Math.round(f.scriptingMs)} ms`.padStart(8),
    String(f.longTasks).padStart(5),
  ]
  return cells.join(' ')
}

const portal = await startBuiltPortal({
  port: PORT,
  serverEntry: process.env.LIGHTHOUSE_SERVER_ENTRY,
  name: 'lighthouse',
})
try {
  const { origin } = portal
  const toolId = await firstToolId(origin)
  const pages = (
    [
      ['/', '/'],
      ['/generate?id=<tool>', `/generate?id=${toolId}`],
      ['/plan', '/plan'],
      ['/about', '/about'],
    ] satisfies [string, string][]
  ).filter(([label]) => !onlyPages || onlyPages.includes(label.split('?')[0] ?? label))
  console.log(`Lighthouse, median of ${RUNS} runs per page and preset (${CHROME_PATH})`)
  console.log(`load average before: ${loadAverage()}`)
  console.log(describeBuild(process.env.LIGHTHOUSE_SERVER_ENTRY))
  console.log(
    'page                   preset  perf a11y  b-p  seo      FCP      LCP      TBT    CLS     bytes  scripts  long',
  )
  for (const [label, pagePath] of pages) {
    for (const preset of presets) {
      console.log(row(label, preset, await audit(`${origin}${pagePath}`, preset)))
    }
  }
  console.log(`load average after: ${loadAverage()}`)
} finally {
  portal.stop()
}
