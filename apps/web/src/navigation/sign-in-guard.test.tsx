import { notifications, notificationsStore } from '@mantine/notifications'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)
const ADMIN = { ...ADA, isAdmin: true, role: 'admin' }

afterEach(() => {
  notifications.clean()
  vi.unstubAllGlobals()
})

/** The server, with `auth.me` answering `me` (a function may hold the answer back). */
function serverWith(me: unknown) {
  return fakeApi({
    'system.config': LOCAL_CONFIG,
    'auth.me': me,
    'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
    // What /plan reads: a page that failed to load would say so in a toast.
    'plans.list': { offers: [], showTop: true, current: null },
  })
}

describe('the sign-in guard of the _authed pages', () => {
  it('waits with a loader, without redirecting, while the identity state loads', async () => {
    let answer: (user: null) => void = () => {}
    serverWith(() => new Promise((resolve) => (answer = resolve)))
    const router = renderApp('/profile')
    expect((await screen.findByTestId('page-loader')).textContent).toBe('Checking your session')
    expect(router.state.location.pathname).toBe('/profile')
    expect(toastMessages()).toEqual([])

    // Once the state is known, the guard runs again.
    await act(async () => answer(null))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(toastMessages()).toEqual([MESSAGES.loginToContinue])
  })

  it('sends a signed-out visitor to /login with the page and query to return to', async () => {
    serverWith(null)
    const router = renderApp('/profile?verified=invalid')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/profile?verified=invalid' })
    expect(await screen.findByRole('heading', { name: 'Welcome to Promptly' })).toBeVisible()
    expect(toastMessages()).toEqual([MESSAGES.loginToContinue])
  })

  it.each(['/profile', '/history', '/admin'])("says 'Login to continue...' on %s", async (path) => {
    serverWith(null)
    const router = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: path })
    expect(toastMessages()).toEqual([MESSAGES.loginToContinue])
  })

  it.each([
    ['/plan', 'Choose a plan'],
    ['/generate', 'Generate'],
  ])('lets a signed-out visitor read %s (acting on it asks to sign in)', async (path, heading) => {
    serverWith(null)
    const router = renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeVisible())
    expect(router.state.location.pathname).toBe(path)
    expect(toastMessages()).toEqual([])
  })

  it('shows the page to a signed-in user', async () => {
    serverWith(ADA)
    const router = renderApp('/plan')
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/plan')
    expect(toastMessages()).toEqual([])
  })

  it('sends a signed-in non-admin away from the admin console', async () => {
    serverWith(ADA)
    const router = renderApp('/admin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull()
    expect(toastMessages()).toEqual([MESSAGES.cannotAccess])
  })

  it('lets an admin in', async () => {
    serverWith(ADMIN)
    renderApp('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
    expect(toastMessages()).toEqual([])
  })
})
