import { z } from 'zod'

import { TOOL_KINDS } from '@promptly/core/catalogue/tool'

import { addUtcDays, dayCount, utcDay } from './stats-range.ts'

export const STATS_DEFAULT_DAYS = 30
/** A year (a leap year's too) at most: a longer range is a 400 rather than a long scan. */
export const STATS_MAX_DAYS = 366
export const STATS_TOP_TOOLS = 10
/** No figures exist before the product did; a range starting earlier (year 0 fails in SQL) is a 400. */
export const STATS_EARLIEST_DAY = '2000-01-01'

/**
 * A range of UTC days, both ends included. `to` defaults to today, `from` to 30 days ending at `to`.
 * Resolved when the call is validated, so the handler always gets both ends.
 */
export const statsInput = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .default({})
  .transform((range, ctx) => {
    const to = range.to ?? utcDay(new Date())
    const from = range.from ?? addUtcDays(to, 1 - STATS_DEFAULT_DAYS)
    const days = dayCount(from, to)
    if (from < STATS_EARLIEST_DAY) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `A range starts on ${STATS_EARLIEST_DAY} or later` })
    }
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range ends before it starts' })
    if (days > STATS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: `A range covers at most ${STATS_MAX_DAYS} days` })
    }
    return { from, to }
  })
export type StatsInput = z.output<typeof statsInput>

const count = z.number().int()

/** Finished generations that failed (and were refunded), over those that finished: 0 when none finished. */
const failureRate = z.number().min(0).max(1)

const statsFigures = z.object({
  /** Generations started (reserved, succeeded or failed). */
  generations: count,
  succeeded: count,
  failed: count,
  failureRate,
  /** Credits of succeeded generations, plus usage the legacy client reported (/limits/decrease). */
  creditsSpent: count,
  signUps: count,
  /** Paid purchases (not refunded ones), at the price they were bought for, in cents. */
  revenueCents: count,
})

export const statsDay = statsFigures.extend({ day: z.iso.date() })

export const statsTool = z.object({
  /** Null for a dedicated tool run without a catalogue entry, or a tool since deleted. */
  toolId: z.string().nullable(),
  toolName: z.string().nullable(),
  kind: z.enum(TOOL_KINDS),
  generations: count,
  failed: count,
  failureRate,
  /** Credits of its succeeded generations over the range. */
  creditsSpent: count,
  /** The same per day, in the order of `days`. */
  creditsPerDay: z.array(count),
})
export type StatsTool = z.infer<typeof statsTool>

export const statsOutput = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the range (days with nothing are zeros), oldest first; days are UTC. */
  days: z.array(statsDay),
  totals: statsFigures,
  /** The most used tools (by generations, then credits), at most STATS_TOP_TOOLS. */
  topTools: z.array(statsTool),
})
export type StatsOutput = z.infer<typeof statsOutput>
export type StatsDay = z.infer<typeof statsDay>
