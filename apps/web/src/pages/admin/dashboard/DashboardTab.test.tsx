import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { addUtcDays, daysBetween } from '@promptly/api/admin/stats-range'

import { FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import type { StatsDay, StatsTool } from '../admin-types.ts'
import { adminServer, statsAnswer } from '../testing/admin-fixtures.ts'
import { lastDays } from './stats-period.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** A stats procedure over the range asked for, with `figures` on the last day (today). */
function statsFor(figures: Partial<StatsDay> = {}, topTools: StatsTool[] = []) {
  const inputs: { from: string; to: string }[] = []
  return {
    inputs,
    procedure: (input: unknown) => {
      const range = input as { from: string; to: string }
      inputs.push(range)
      return statsAnswer(daysBetween(range.from, range.to), { [range.to]: figures }, topTools)
    },
  }
}

const figure = (name: string) => screen.findByRole('figure', { name })

describe('/admin dashboard', () => {
  it('asks for the last 30 days and shows totals, failure rate and a summary of each chart', async () => {
    const tool = {
      toolId: 't1',
      toolName: 'X (Twitter) Bio Generator',
      kind: 'generic' as const,
      generations: 4,
      failed: 1,
      failureRate: 0.25,
      creditsSpent: 3,
      creditsPerDay: [],
    }
    const stats = statsFor(
      { generations: 4, succeeded: 3, failed: 1, creditsSpent: 3, signUps: 2, revenueCents: 1499 },
      [tool],
    )
    adminServer({ 'admin.stats': stats.procedure })
    renderApp('/admin?tab=dashboard')

    const generations = await figure('Generations per day')
    expect(stats.inputs).toEqual([lastDays(30)])
    expect(generations).toHaveAccessibleDescription(/^4 generations over 30 days; the busiest day was/)
    // The numbers behind the drawing, for screen readers.
    expect(within(generations).getAllByRole('row')).toHaveLength(31)
    expect(await figure('Credits spent per tool')).toHaveAccessibleDescription(
      '3 credits spent on 1 tool; the most on X (Twitter) Bio Generator, with 3 credits.',
    )
    expect(await figure('Sign-ups per day')).toHaveAccessibleDescription(/^2 sign-ups over 30 days/)
    expect(await figure('Revenue per day')).toHaveAccessibleDescription(/^\$14\.99 over 30 days/)
    const totals = screen.getByTestId('stats-totals')
    expect(totals).toHaveTextContent('Generations4')
    expect(totals).toHaveTextContent('Failure rate25%')
    expect(totals).toHaveTextContent('Revenue$14.99')
  })

  it('changes the range and keeps it in the address', async () => {
    const stats = statsFor()
    adminServer({ 'admin.stats': stats.procedure })
    const router = renderApp('/admin?tab=dashboard')
    await figure('Generations per day')
    await userEvent.setup().click(screen.getByRole('radio', { name: '7 days' }))
    await waitFor(() => expect(stats.inputs.at(-1)).toEqual(lastDays(7)))
    expect(router.state.location.search).toEqual({ tab: 'dashboard', range: '7d' })
    const { from, to } = lastDays(7)
    expect(from).toBe(addUtcDays(to, -6))
    await waitFor(async () =>
      expect(await figure('Generations per day')).toHaveAccessibleDescription('0 generations over 7 days.'),
    )
  })

  it('shows zeros for a range with nothing in it, and no empty tool chart', async () => {
    adminServer({ 'admin.stats': statsFor().procedure })
    renderApp('/admin?tab=dashboard&range=90d')
    expect(await figure('Generations per day')).toHaveAccessibleDescription('0 generations over 90 days.')
    expect(await figure('Revenue per day')).toHaveAccessibleDescription('$0.00 over 90 days.')
    expect(
      within(await figure('Credits spent per tool')).getByText('No tool spent credits in this range.'),
    ).toBeVisible()
    expect(screen.getByTestId('stats-totals')).toHaveTextContent('Failure rate0%')
  })

  it('says the figures could not be loaded', async () => {
    adminServer({
      'admin.stats': () => {
        throw new FakeTrpcError('BAD_REQUEST', 400, 'A range covers at most 366 days')
      },
    })
    renderApp('/admin?tab=dashboard')
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The figures could not be loaded')
    expect(alert).toHaveTextContent('A range covers at most 366 days')
  })
})
