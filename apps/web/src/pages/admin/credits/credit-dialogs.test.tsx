import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { adminServer, adminUser } from '../testing/admin-fixtures.ts'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)
const GRACE = adminUser({ current_limit: 30, max_limit: 30 })
const AFTER = { auditId: 'a1', current_limit: 80, max_limit: 80 }
const ENTRY = { id: 'l1', amount: 50, reason: 'admin_topup', reference: 'a1', createdAt: new Date(), expiresAt: null }

afterEach(() => {
  notifications.clean()
  vi.unstubAllGlobals()
})

async function openAddCredits() {
  renderApp('/admin')
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Add credits to Grace Hopper' }))
  const dialog = await screen.findByRole('dialog', { name: 'Add Credits' })
  return { user, dialog }
}

describe('the Add Credits dialog', () => {
  it('starts on the credits field and says next to each field what is wrong, sending nothing', async () => {
    const grant = vi.fn(() => ({ ...AFTER, entry: ENTRY }))
    adminServer({ 'admin.users.list': { users: [GRACE], nextCursor: null }, 'admin.credits.grant': grant })
    const { user, dialog } = await openAddCredits()
    const credits = within(dialog).getByRole('textbox', { name: 'Credits' })
    const days = within(dialog).getByRole('textbox', { name: 'Valid for (days)' })
    await waitFor(() => expect(credits).toHaveFocus())

    await user.clear(days)
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }))
    expect(credits).toHaveAttribute('aria-invalid', 'true')
    expect(credits).toHaveAccessibleDescription(/Enter how many credits to add/)
    expect(days).toHaveAccessibleDescription(/Enter for how many days the credits are valid/)

    await user.type(credits, '0')
    await user.type(days, '4000')
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }))
    expect(credits).toHaveAccessibleDescription(/Add at least 1 credit/)
    expect(days).toHaveAccessibleDescription(/At most 3,650 days/)
    expect(grant).not.toHaveBeenCalled()
  })

  it('sends the credits and the days typed (not the credits twice), then shows the new balance', async () => {
    const inputs: unknown[] = []
    adminServer({
      'admin.users.list': { users: [GRACE], nextCursor: null },
      'admin.credits.grant': (input: unknown) => {
        inputs.push(input)
        return { ...AFTER, entry: ENTRY }
      },
    })
    const { user, dialog } = await openAddCredits()
    const days = within(dialog).getByRole('textbox', { name: 'Valid for (days)' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Credits' }), '50')
    await user.clear(days)
    await user.type(days, '7')
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), ' support ticket ')
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }))

    await waitFor(() => expect(toastMessages()).toContain(MESSAGES.creditsAdded))
    expect(inputs).toEqual([{ userId: GRACE._id, credits: 50, days: 7, note: 'support ticket' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Credits' })).toBeNull())
    expect(screen.getByTestId('user-credits')).toHaveTextContent('80 of 80')
  })

  it("says 'Failed to add credits' and keeps the dialog open with the server's reason", async () => {
    adminServer({
      'admin.users.list': { users: [GRACE], nextCursor: null },
      'admin.credits.grant': () => {
        throw new FakeTrpcError('NOT_FOUND', 404, 'No such user')
      },
    })
    const { user, dialog } = await openAddCredits()
    await user.type(within(dialog).getByRole('textbox', { name: 'Credits' }), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }))

    await waitFor(() => expect(toastMessages()).toContain(MESSAGES.creditsAddFailed))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No such user')
    expect(screen.getByTestId('user-credits')).toHaveTextContent('30 of 30')
  })
})

describe('Revoke', () => {
  it('asks for confirmation, saying what will be left, before taking credits back', async () => {
    const inputs: unknown[] = []
    adminServer({
      'admin.users.list': { users: [GRACE], nextCursor: null },
      'admin.credits.revoke': (input: unknown) => {
        inputs.push(input)
        return { auditId: 'a2', current_limit: 20, max_limit: 20, taken: 10 }
      },
    })
    renderApp('/admin')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Revoke credits from Grace Hopper' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke credits' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Credits to take back' }), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    expect(within(dialog).getByText(/They will have 20 credits left/)).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus()
    expect(inputs).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Revoke 10 credits' }))

    await waitFor(() => expect(toastMessages()).toContain('Took back 10 credits'))
    expect(inputs).toEqual([{ userId: GRACE._id, credits: 10, note: '' }])
    await waitFor(() => expect(screen.getByTestId('user-credits')).toHaveTextContent('20 of 20'))
  })
})
