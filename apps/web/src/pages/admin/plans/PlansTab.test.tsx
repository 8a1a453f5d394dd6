import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { adminServer, PLAN_OFFERS } from '../testing/admin-fixtures.ts'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => {
  notifications.clean()
  vi.unstubAllGlobals()
})

describe('/admin plans', () => {
  it('shows each offer in dollars and saves only what changed, in cents', async () => {
    const inputs: unknown[] = []
    adminServer({
      'admin.plans.list': PLAN_OFFERS,
      'admin.plans.update': (input: unknown) => {
        inputs.push(input)
        return { ...PLAN_OFFERS[1]!, priceCents: 1999, updatedAt: new Date() }
      },
    })
    renderApp('/admin?tab=plans')
    const monthly = await screen.findByRole('article', { name: 'Monthly' })
    const price = within(monthly).getByRole('textbox', { name: 'Price (US dollars)' })
    expect(price).toHaveValue('$14.99')
    expect(within(monthly).getByRole('textbox', { name: 'Valid for (days)' })).toHaveValue('30')
    // A top-up lasts as long as the buyer's plan: no validity to edit.
    const topUp = screen.getByRole('article', { name: 'Credit Top-up' })
    expect(within(topUp).queryByRole('textbox', { name: 'Valid for (days)' })).toBeNull()
    expect(within(screen.getByRole('article', { name: 'Yearly' })).getByText('Off sale')).toBeVisible()

    const save = within(monthly).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    const user = userEvent.setup()
    await user.clear(price)
    await user.type(price, '19.99')
    await user.click(save)

    await waitFor(() => expect(toastMessages()).toContain('Monthly saved'))
    expect(inputs).toEqual([{ key: 'MONTHLY', priceCents: 1999 }])
    await waitFor(() => expect(save).toBeDisabled())
  })

  it('refuses a price under the card minimum next to the field', async () => {
    const update = vi.fn()
    adminServer({ 'admin.plans.list': PLAN_OFFERS, 'admin.plans.update': update })
    renderApp('/admin?tab=plans')
    const monthly = await screen.findByRole('article', { name: 'Monthly' })
    const price = within(monthly).getByRole('textbox', { name: 'Price (US dollars)' })
    const user = userEvent.setup()
    await user.clear(price)
    await user.type(price, '0.2')
    await user.click(within(monthly).getByRole('button', { name: 'Save' }))
    expect(price).toHaveAccessibleDescription('At least $0.50: card payments start there')
    expect(update).not.toHaveBeenCalled()
  })

  it('says when a change was refused', async () => {
    adminServer({
      'admin.plans.list': PLAN_OFFERS,
      'admin.plans.update': () => {
        throw new FakeTrpcError('FORBIDDEN', 403, 'Admins only')
      },
    })
    renderApp('/admin?tab=plans')
    const yearly = await screen.findByRole('article', { name: 'Yearly' })
    const user = userEvent.setup()
    await user.click(within(yearly).getByRole('switch', { name: 'On sale' }))
    await user.click(within(yearly).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(toastMessages()).toContain('The yearly offer was not saved: Admins only'))
  })

  it('says the plans could not be loaded', async () => {
    adminServer({
      'admin.plans.list': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Down for maintenance')
      },
    })
    renderApp('/admin?tab=plans')
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The plans could not be loaded')
    expect(alert).toHaveTextContent('Down for maintenance')
  })
})
