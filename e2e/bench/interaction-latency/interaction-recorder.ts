import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Page } from '@playwright/test'

/** One interaction as the Event Timing API saw it: its slowest event, split in the three phases INP has. */
export interface RecordedInteraction {
  /** The element it hit: tag, id, and its name (aria-label, label or text). */
  target: string
  /** The slowest event of the interaction (keydown, pointerup, click...). */
  event: string
  duration: number
  inputDelay: number
  processing: number
  presentation: number
}

/** web-vitals' INP for the page so far, and what its attribution build says about that interaction. */
export interface RecordedInp {
  value: number
  target: string
  type: string
  inputDelay: number
  processing: number
  presentation: number
  /** The longest script the Long Animation Frame API saw in that interaction: invoker and duration. */
  longestScript: string
}

export interface PageInteractions {
  inp: RecordedInp | null
  interactions: RecordedInteraction[]
  /** Every interaction the browser counted, the fast ones (under 16 ms, never reported) included. */
  interactionCount: number
}

/** The attribution build as a classic script: it defines the global `webVitals` the recorder calls. */
const webVitalsIife = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.attribution.iife.js'),
  'utf8',
)

/*
 * Runs in the page before its own scripts (the page's JavaScript is not typed here: the bench's
 * compiler would rewrite a function passed as source). Two observers: web-vitals' onINP, which
 * reports INP as it grows (reportAllChanges), and an Event Timing observer that keeps every
 * interaction of 16 ms or more (the API's floor), so the report can name the slowest ones.
 */
const recorder = String.raw`
(() => {
  const record = { inp: null, interactions: new Map() }
  window.__interactionLatency = record
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return '(removed from the page)'
    const id = node.id ? '#' + node.id : ''
    const named = node.getAttribute('aria-label') || (node.labels && node.labels[0] && node.labels[0].textContent)
      || (node.textContent || '')
    const name = named.trim().replace(/\s+/g, ' ').slice(0, 40)
    return node.tagName.toLowerCase() + id + (name ? ' "' + name + '"' : '')
  }
  const phases = (entry) => ({
    duration: entry.duration,
    inputDelay: entry.processingStart - entry.startTime,
    processing: entry.processingEnd - entry.processingStart,
    presentation: Math.max(0, entry.startTime + entry.duration - entry.processingEnd),
  })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue
      const known = record.interactions.get(entry.interactionId)
      if (known && known.duration >= entry.duration) continue
      const interaction = { target: describe(entry.target), event: entry.name, ...phases(entry) }
      record.interactions.set(entry.interactionId, interaction)
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  webVitals.onINP((metric) => {
    const a = metric.attribution
    const script = a.longestScript && a.longestScript.entry
    record.inp = {
      value: metric.value,
      target: a.interactionTarget || '(unknown)',
      type: a.interactionType || '(unknown)',
      inputDelay: a.inputDelay,
      processing: a.processingDuration,
      presentation: a.presentationDelay,
      longestScript: script
        ? (script.invoker || script.sourceFunctionName || '(script)') + ' ' + Math.round(script.duration) + ' ms'
        : '(none over 5 ms)',
    }
  }, { reportAllChanges: true, durationThreshold: 16, generateTarget: describe })
})()
`

/** Installs web-vitals and the recorder in every document `page` opens from now on. */
export async function recordInteractions(page: Page): Promise<void> {
  await page.addInitScript({ content: `${webVitalsIife}\n${recorder}` })
}

/**
 * What the page recorded. Event Timing reports an interaction after the frame it led to was shown,
 * so the last one arrives a frame or two after it ended: this waits for two frames first.
 */
export async function readInteractions(page: Page): Promise<PageInteractions> {
  return page.evaluate<PageInteractions>(`new Promise((resolve) => {
    const read = () => {
      const record = window.__interactionLatency
      resolve({
        inp: record.inp,
        interactions: [...record.interactions.values()],
        interactionCount: performance.interactionCount ?? 0,
      })
    }
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(read)))
  })`)
}
