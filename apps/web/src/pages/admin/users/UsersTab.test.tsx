import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import type { UsersPage } from '../admin-types.ts'
import { adminServer, adminUser, numberedUsers, userDetail } from '../testing/admin-fixtures.ts'

afterEach(() => {
  notifications.clean()
  vi.unstubAllGlobals()
})

interface ListInput {
  search?: string
  sort?: string
  order?: string
  cursor?: string | null
  limit?: number
}

/** A users.list that records each call's input and answers from `answer`. */
function usersList(answer: (input: ListInput) => UsersPage) {
  const calls: ListInput[] = []
  return {
    calls,
    procedure: (input: unknown) => {
      calls.push(input as ListInput)
      return answer(input as ListInput)
    },
  }
}

const table = () => screen.findByRole('table', { name: 'Users' })
const rowNames = (users: HTMLElement) =>
  within(users)
    .getAllByTestId('admin-user-row')
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent)

describe('/admin users', () => {
  it("lists the accounts with the spec's columns and their plan, validity and activity", async () => {
    const grace = adminUser({ current_limit: 12, max_limit: 40, lastActiveAt: null })
    adminServer({ 'admin.users.list': { users: [grace], nextCursor: null } })
    renderApp('/admin')
    const users = await table()
    const headers = within(users)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['Id', 'Name', 'Email', 'Credits', 'Plan', 'Valid till', 'Joined', 'Last active', 'Add'])
    const row = within(users).getByTestId('admin-user-row')
    expect(row).toHaveTextContent('5f0d7c5e')
    expect(row).toHaveTextContent('grace@example.com')
    expect(within(row).getByTestId('user-credits')).toHaveTextContent('12 of 40')
    expect(row).toHaveTextContent('Free trial')
    expect(row).toHaveTextContent('Never')
    expect(within(row).getByRole('button', { name: 'Add credits to Grace Hopper' })).toBeEnabled()
    expect(screen.getByText('Showing 1 user.')).toHaveAttribute('role', 'status')
  })

  it('searches once typing pauses, by name or by a whole id, and says when nothing matches', async () => {
    const list = usersList((input) =>
      input.search === 'nobody'
        ? { users: [], nextCursor: null }
        : {
            users: input.search ? [adminUser({ name: `Found by ${input.search}` })] : numberedUsers(2),
            nextCursor: null,
          },
    )
    adminServer({ 'admin.users.list': list.procedure })
    const router = renderApp('/admin')
    await table()
    const user = userEvent.setup()
    const search = screen.getByRole('searchbox', { name: 'Search users' })

    const id = '5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11'
    await user.type(search, id)
    expect(await screen.findByRole('button', { name: `Found by ${id}` })).toBeVisible()
    // Typing the id searched once typing paused, not once per key: the last search is the id, and
    // any earlier one (a pause longer than the debounce on a loaded machine) is a prefix of it.
    const searches = list.calls.slice(1).map((call) => call.search ?? '')
    expect(list.calls[0]?.search).toBeUndefined()
    expect(searches.at(-1)).toBe(id)
    expect(searches.every((search) => id.startsWith(search))).toBe(true)
    expect(searches.length).toBeLessThan(id.length / 4)
    expect(router.state.location.search).toEqual({ q: id })

    await user.clear(search)
    await user.type(search, 'nobody')
    expect(await screen.findByText('No users match “nobody”.')).toBeVisible()
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull()
  })

  it('starts from the search in the address', async () => {
    const list = usersList(() => ({ users: [adminUser()], nextCursor: null }))
    adminServer({ 'admin.users.list': list.procedure })
    renderApp('/admin?q=grace')
    await table()
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('grace')
    expect(list.calls[0]).toMatchObject({ search: 'grace' })
  })

  it('loads the next page with the cursor the server gave, below the rows already shown', async () => {
    const list = usersList((input) =>
      input.cursor === 'page-2'
        ? { users: numberedUsers(1, 26), nextCursor: null }
        : { users: numberedUsers(25), nextCursor: 'page-2' },
    )
    adminServer({ 'admin.users.list': list.procedure })
    renderApp('/admin')
    const users = await table()
    expect(within(users).getAllByTestId('admin-user-row')).toHaveLength(25)
    expect(screen.getByText('Showing the first 25 users; load more below.')).toBeVisible()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(users).getAllByTestId('admin-user-row')).toHaveLength(26))
    expect(rowNames(users).at(-1)).toBe('User 026')
    expect(list.calls.map((call) => call.cursor ?? null)).toEqual([null, 'page-2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(screen.getByText('Showing 26 users.')).toBeVisible()
  })

  it('sorts by a column header, turning it around on a second click', async () => {
    const list = usersList(() => ({ users: numberedUsers(2), nextCursor: null }))
    adminServer({ 'admin.users.list': list.procedure })
    const router = renderApp('/admin')
    const users = await table()
    const user = userEvent.setup()
    const credits = () => within(users).getByRole('columnheader', { name: /Credits/ })
    expect(within(users).getByRole('columnheader', { name: /Joined/ })).toHaveAttribute('aria-sort', 'descending')
    expect(credits()).toHaveAttribute('aria-sort', 'none')

    await user.click(within(credits()).getByRole('button'))
    await waitFor(() => expect(credits()).toHaveAttribute('aria-sort', 'descending'))
    await user.click(within(credits()).getByRole('button'))
    await waitFor(() => expect(credits()).toHaveAttribute('aria-sort', 'ascending'))
    expect(router.state.location.search).toEqual({ sort: 'credits', order: 'asc' })
    await waitFor(() => expect(list.calls.at(-1)).toMatchObject({ sort: 'credits', order: 'asc' }))
    expect(list.calls.map(({ sort, order }) => [sort, order])).toEqual([
      ['joined', undefined],
      ['credits', undefined],
      ['credits', 'asc'],
    ])
  })

  it('says the list could not be loaded, and tries again when asked', async () => {
    let fail = true
    adminServer({
      'admin.users.list': () => {
        if (fail) throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'The database is asleep')
        return { users: [adminUser()], nextCursor: null }
      },
    })
    renderApp('/admin')
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('The users could not be loaded')
    expect(alert).toHaveTextContent('The database is asleep')
    fail = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await table()).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("opens an account's detail with its ledger, generations, purchases and audit trail", async () => {
    const grace = adminUser()
    const detailInputs: unknown[] = []
    adminServer({
      'admin.users.list': { users: [grace], nextCursor: null },
      'admin.users.detail': (input: unknown) => {
        detailInputs.push(input)
        return userDetail(grace, {
          ledger: [
            {
              id: 'l1',
              amount: 50,
              reason: 'admin_topup',
              reference: 'a1',
              createdAt: new Date('2026-11-20T10:00:00Z'),
              expiresAt: new Date('2026-11-27T10:00:00Z'),
            },
          ],
          generations: [
            {
              id: 'g1',
              toolId: 't1',
              toolName: 'X (Twitter) Bio Generator',
              kind: 'generic',
              status: 'failed',
              credits: 1,
              createdAt: new Date('2026-11-21T10:00:00Z'),
              voiceName: null,
              kept: false,
            },
          ],
        })
      },
      'admin.audit.list': {
        entries: [
          {
            id: 'a1',
            action: 'credits.grant',
            actor: { id: 'x', name: 'Ada Lovelace', email: 'ada@example.com' },
            target: { id: grace._id, name: grace.name, email: grace.email },
            details: { credits: 50, days: 7, note: 'goodwill' },
            createdAt: new Date('2026-11-20T10:00:00Z'),
          },
        ],
        nextCursor: null,
      },
    })
    renderApp('/admin')
    await table()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Grace Hopper' }))

    const drawer = await screen.findByRole('dialog', { name: 'Account details' })
    expect(await within(drawer).findByText(grace._id)).toBeVisible()
    expect(detailInputs).toEqual([{ userId: grace._id }])
    expect(within(drawer).getByRole('table', { name: 'Credit ledger' })).toHaveTextContent('+50Added by an admin')
    expect(within(drawer).getByRole('table', { name: 'Generations' })).toHaveTextContent('Failed (refunded)')
    expect(within(drawer).getByText('No purchases yet.')).toBeVisible()
    const audit = await within(drawer).findByRole('table', { name: 'Audit trail' })
    expect(audit).toHaveTextContent('Added credits')
    expect(audit).toHaveTextContent('50 credits, valid 7 days: “goodwill”')
  })
})
