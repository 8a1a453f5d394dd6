import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('the account menu', () => {
  it('takes a signed-in user to their bulk runs, from the keyboard too', async () => {
    const user = userEvent.setup()
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA, 'bulk.list': { jobs: [], maxRows: 10_000 } })
    const router = renderApp('/')
    const menu = await screen.findByRole('button', { name: 'Account menu' })

    await user.click(menu)
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'History', 'Bulk runs', 'Sign out'])
    expect(screen.getByRole('menuitem', { name: 'Bulk runs' })).toHaveAttribute('href', '/bulk')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    menu.focus()
    await user.keyboard('{Enter}')
    const bulkRuns = await screen.findByRole('menuitem', { name: 'Bulk runs' })
    for (let step = 0; step < items.length && document.activeElement !== bulkRuns; step++) {
      await user.keyboard('{ArrowDown}')
    }
    expect(bulkRuns).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/bulk'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Bulk runs' })).toBeVisible()
  })

  it('is not there for a signed-out visitor, and neither is Bulk runs', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    renderApp('/')
    const banner = await screen.findByRole('banner')
    expect(await within(banner).findByRole('link', { name: 'Login' })).toBeVisible()
    expect(within(banner).queryByRole('button', { name: 'Account menu' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Bulk runs' })).toBeNull()
    expect(screen.queryByRole('menuitem', { name: 'Bulk runs' })).toBeNull()
  })
})
