import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PlansListOutput } from '@promptly/api/plans/plan-offer.schema'
import { MESSAGES } from '@promptly/core/messages'

import { fakeApi, FakeTrpcError } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }
const OFFERS: PlansListOutput['offers'] = [
  { key: 'TOPUP', name: 'Credit Top-up', priceCents: 499, currency: 'usd', credits: 100, validityDays: null },
  { key: 'MONTHLY', name: 'Monthly', priceCents: 1499, currency: 'usd', credits: 1000, validityDays: 30 },
  { key: 'YEARLY', name: 'Yearly', priceCents: 14999, currency: 'usd', credits: 14000, validityDays: 365 },
]
const FREE: PlansListOutput = {
  offers: OFFERS,
  showTop: false,
  current: { plan: 'free', validTill: new Date('2026-12-01T00:00:00Z'), creditsLeft: 30, creditsMax: 30 },
}

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

describe('/plan', () => {
  it('shows the plans with validity, dollars and credits, and no top-up without a paid plan', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA, 'credits.limits': LIMITS, 'plans.list': FREE })
    renderApp('/plan')
    const monthly = await screen.findByRole('article', { name: 'Monthly' })
    expect(within(monthly).getByText('Valid for 30 days')).toBeVisible()
    expect(within(monthly).getByText('$14.99')).toBeVisible()
    expect(within(monthly).getByText('1,000 credits')).toBeVisible()
    expect(screen.getByRole('article', { name: 'Yearly' })).toHaveTextContent('$149.99')
    expect(screen.queryByRole('article', { name: 'Credit Top-up' })).toBeNull()
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Free trial')
    // The row of cards can be scrolled from the keyboard.
    expect(screen.getByRole('region', { name: 'Plans' })).toHaveAttribute('tabindex', '0')
  })

  it('offers the top-up while a paid plan runs', async () => {
    const current = { plan: 'monthly' as const, validTill: new Date(), creditsLeft: 900, creditsMax: 1000 }
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': { ...FREE, showTop: true, current },
    })
    renderApp('/plan')
    const topUp = await screen.findByRole('article', { name: 'Credit Top-up' })
    expect(within(topUp).getByText('Valid until your plan ends')).toBeVisible()
    expect(screen.getByTestId('current-plan')).toHaveTextContent('Monthly plan')
  })

  it('Buy asks for the plan by key only, shows it busy, and goes to the checkout it is given', async () => {
    const inputs: unknown[] = []
    let answer: (value: unknown) => void = () => {}
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': FREE,
      'payments.createCheckout': (input: unknown) => {
        inputs.push(input)
        return new Promise((resolve) => (answer = resolve))
      },
      'payments.status': () => new Promise(() => {}),
    })
    const router = renderApp('/plan')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Buy Yearly for $149.99' }))
    await waitFor(() => expect(inputs).toEqual([{ plan: 'YEARLY' }]))
    expect(screen.getByRole('button', { name: 'Buy Monthly for $14.99' })).toBeDisabled()

    const purchaseId = '5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11'
    answer({ id: 'cs_local_x', url: `${window.location.origin}/checkout/${purchaseId}`, purchaseId })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/checkout/${purchaseId}`))
  })

  it('says why a checkout could not be opened and lets the buyer try again', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': FREE,
      'payments.createCheckout': () => {
        throw new FakeTrpcError('FORBIDDEN', 403, MESSAGES.verifyToBuy)
      },
    })
    renderApp('/plan')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Buy Monthly for $14.99' }))
    expect(await screen.findByText(MESSAGES.verifyToBuy)).toBeVisible()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy Monthly for $14.99' })).toBeEnabled())
  })

  it("shows the spec's message when the plans cannot be read", async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong')
      },
    })
    renderApp('/plan')
    const title = await screen.findByText('Plans are unavailable', {}, { timeout: 5000 })
    const alert = title.closest<HTMLElement>('[role="alert"]')
    if (!alert) throw new Error('The failure is not announced')
    expect(alert).toHaveTextContent(MESSAGES.planError)
    // And the toast the spec asks for.
    expect(screen.getAllByText(MESSAGES.planError)).toHaveLength(2)
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled()
  })
})

describe('/plan for a signed-out visitor', () => {
  it('shows the plans; Buy sends to /login with /plan to come back to, and opens no checkout', async () => {
    const checkouts: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'plans.list': { ...FREE, current: null },
      'payments.createCheckout': (input: unknown) => checkouts.push(input),
    })
    const router = renderApp('/plan')
    const buy = await screen.findByRole('button', { name: 'Buy Monthly for $14.99' })
    await screen.findByRole('link', { name: 'Login' })
    await userEvent.setup().click(buy)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/plan' })
    expect(toastMessages()).toEqual([MESSAGES.signInToContinue])
    expect(checkouts).toEqual([])
  })
})
