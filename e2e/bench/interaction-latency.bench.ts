/**
 * Interaction to Next Paint on a phone: a signed-in visitor fills in the longest seeded tool's form
 * (real key presses, touches), switches the tone, generates and waits for the streamed answer, then
 * opens and closes it from History. INP is read with the `web-vitals` library (its attribution
 * build) inside the page, on a Pixel 7 profile with the CPU slowed 4x; every interaction of 16 ms or
 * more is kept too, so the slowest ones can be named. Target: INP p75 over the runs <= 200 ms.
 *
 * Each run is a fresh browser context (no cache, no compiled code carried over) and a new account.
 * The baseline, measured in the same run: the same fields in plain HTML, filled in the same way on
 * the same slowed phone, which is what the browser and the machine cost by themselves; its spread
 * over the runs is the noise floor. Figures move with the machine's load: the load average is
 * printed before and after.
 *
 * Run after a build: `npm run build && npm run bench --workspace @promptly/e2e`. A private build
 * (see CONTRIBUTING) runs with INP_SERVER_ENTRY=apps/server/dist-mine/main.js plus WEB_DIST_DIR and
 * WEB_SERVER_DIST_DIR, which the spawned server inherits. INP_RUNS sets the runs (5), INP_WORST how
 * many of a run's slowest interactions are listed (5), and INP_TRACE=trace.json records a Chrome
 * performance trace of the first run's journey (open it in the DevTools Performance panel).
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser, type Page } from '@playwright/test'

import { median } from '@promptly/core/stats/median'

import { describeBuild, loadAverage, startBuiltPortal, type BuiltPortal } from './built-portal.ts'
import { bareFormJourney } from './interaction-latency/bare-form.ts'
import { generatorJourney, KEY_GAP_MS } from './interaction-latency/generator-journey.ts'
import { readInteractions, type PageInteractions } from './interaction-latency/interaction-recorder.ts'
import { longestSeededForm, toolIdByName } from './interaction-latency/longest-seeded-form.ts'
import { CPU_SLOWDOWN, newPhonePage } from './interaction-latency/phone-page.ts'

const RUNS = Number(process.env.INP_RUNS ?? 5)
const WORST = Number(process.env.INP_WORST ?? 5)
const PORT = Number(process.env.INP_PORT ?? 3294)
const TRACE = process.env.INP_TRACE
const TARGET_MS = 200
/** As the e2e suite: Chromium's headless shell when installed (CHROMIUM_PATH wins), else the full browser. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync']

type Journey = (page: Page) => Promise<void>

/** One journey in a fresh phone page; what its interactions cost. */
async function measure(
  browser: Browser,
  portal: BuiltPortal,
  signIn: boolean,
  journey: Journey,
  trace?: string,
): Promise<PageInteractions> {
  const { context, page } = await newPhonePage(browser, portal, signIn)
  try {
    if (trace) await browser.startTracing(page, { path: trace, screenshots: false })
    await journey(page)
    const recorded = await readInteractions(page)
    if (trace) await browser.stopTracing()
    return recorded
  } finally {
    await context.close()
  }
}

/** The nearest-rank 75th percentile, as the field data's INP is summarised. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? Number.NaN
}

const ms = (value: number): string => `${Math.round(value)} ms`

const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup'])

/**
 * The median of one kind of interaction, steadier than INP (one interaction of a hundred): those of
 * 16 ms or more, the shortest the browser reports.
 */
function kindSummary(recorded: PageInteractions, kind: 'keys' | 'taps'): string {
  const durations = recorded.interactions
    .filter((interaction) => KEY_EVENTS.has(interaction.event) === (kind === 'keys'))
    .map((interaction) => interaction.duration)
  return `${kind} of 16 ms or more: ${durations.length}, median ${ms(median(durations))}`
}

function printRun(run: number, portal: PageInteractions, bare: PageInteractions): void {
  const inp = portal.inp
  console.log(
    `run ${run}: INP ${inp ? ms(inp.value) : 'none'} over ${portal.interactionCount} interactions` +
      ` (bare form ${bare.inp ? ms(bare.inp.value) : 'none'})`,
  )
  if (inp) {
    console.log(
      `  INP interaction: ${inp.type} on ${inp.target}: input delay ${ms(inp.inputDelay)}, processing ` +
        `${ms(inp.processing)}, presentation ${ms(inp.presentation)}; longest script ${inp.longestScript}`,
    )
  }
  console.log(`  ${kindSummary(portal, 'keys')}; ${kindSummary(portal, 'taps')}`)
  const worst = [...portal.interactions].sort((a, b) => b.duration - a.duration).slice(0, WORST)
  for (const slow of worst) {
    console.log(
      `  ${ms(slow.duration).padStart(7)}  ${slow.event.padEnd(11)} ${slow.target}  (delay ${ms(slow.inputDelay)},` +
        ` processing ${ms(slow.processing)}, presentation ${ms(slow.presentation)})`,
    )
  }
}

const form = longestSeededForm()
console.log(`INP on a phone (Pixel 7, CPU ${CPU_SLOWDOWN}x slower, keys ${KEY_GAP_MS} ms apart), ${RUNS} runs`)
console.log(`form: ${form.name} (${form.elements.length} elements, the longest seeded form); browser: ${browserPath}`)
console.log(describeBuild(process.env.INP_SERVER_ENTRY))
console.log(`load average before: ${loadAverage()}`)
const portal = await startBuiltPortal({
  port: PORT,
  serverEntry: process.env.INP_SERVER_ENTRY,
  name: 'interaction-latency',
  // A new account per run, all from 127.0.0.1.
  env: { SIGNUP_LIMIT_PER_HOUR: '100000' },
})
const browser = await chromium.launch({ executablePath: browserPath, args: BROWSER_ARGS })
try {
  const toolId = await toolIdByName(portal.origin, form.name)
  const portalInp: number[] = []
  const bareInp: number[] = []
  for (let run = 1; run <= RUNS; run += 1) {
    const bare = await measure(browser, portal, false, (page) => bareFormJourney(page, form))
    const generator = (page: Page) => generatorJourney(page, form, toolId)
    const measured = await measure(browser, portal, true, generator, run === 1 ? TRACE : undefined)
    printRun(run, measured, bare)
    portalInp.push(measured.inp?.value ?? Number.NaN)
    bareInp.push(bare.inp?.value ?? Number.NaN)
  }
  const portalP75 = p75(portalInp)
  const verdict = portalP75 <= TARGET_MS ? 'met' : 'NOT met'
  console.log(`INP p75: ${ms(portalP75)} (median ${ms(median(portalInp))}); target <= ${TARGET_MS} ms: ${verdict}`)
  console.log(
    `baseline (bare form) INP p75: ${ms(p75(bareInp))}; noise floor (its spread over the runs): ` +
      `${ms(Math.min(...bareInp))} to ${ms(Math.max(...bareInp))}`,
  )
  if (TRACE) console.log(`trace of run 1: ${TRACE}`)
} finally {
  await browser.close()
  portal.stop()
  console.log(`load average after: ${loadAverage()}`)
}
