import { MESSAGES } from '@promptly/core/messages'
import { notifications, notificationsStore } from '@mantine/notifications'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Identity } from '../identity/identity-context.ts'
import { ADA, identityOf, TestProviders } from '../test/render.tsx'
import { RequireSignIn } from './RequireSignIn.tsx'

function renderAt(path: string, identity: Identity) {
  const root = createRootRoute({ component: Outlet })
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home page</p> }),
    createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>Login page</p> }),
    createRoute({
      getParentRoute: () => root,
      path: '/profile',
      component: () => (
        <RequireSignIn>
          <p>Profile content</p>
        </RequireSignIn>
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/generate',
      component: () => (
        <RequireSignIn signedOutMessage={MESSAGES.signInToContinue}>
          <p>Generator</p>
        </RequireSignIn>
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/admin',
      component: () => (
        <RequireSignIn adminOnly>
          <p>User list</p>
        </RequireSignIn>
      ),
    }),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <TestProviders identity={identity}>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return router
}

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => {
  notifications.clean()
})

describe('RequireSignIn', () => {
  it('waits with a loader, without redirecting, while the identity state loads', async () => {
    const router = renderAt('/profile', identityOf({ status: 'loading' }))
    expect(await screen.findByRole('status')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/profile')
    expect(toastMessages()).toEqual([])
  })

  it('sends a signed-out visitor to /login with the page and query to return to', async () => {
    const router = renderAt('/profile?tab=credits', identityOf({ status: 'signed-out' }))
    expect(await screen.findByText('Login page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/profile?tab=credits' })
    expect(toastMessages()).toEqual([MESSAGES.loginToContinue])
  })

  it("uses the generator's own message on /generate", async () => {
    const router = renderAt('/generate?id=abc', identityOf({ status: 'signed-out' }))
    expect(await screen.findByText('Login page')).toBeTruthy()
    expect(router.state.location.search).toEqual({ redirect: '/generate?id=abc' })
    expect(toastMessages()).toEqual([MESSAGES.signInToContinue])
  })

  it('shows the page to a signed-in user', async () => {
    renderAt('/profile', identityOf({ user: ADA }))
    expect(await screen.findByText('Profile content')).toBeTruthy()
  })

  it('sends a signed-in non-admin away from an admin page', async () => {
    const router = renderAt('/admin', identityOf({ user: ADA }))
    expect(await screen.findByText('Home page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    expect(toastMessages()).toEqual([MESSAGES.cannotAccess])
  })

  it('lets an admin in', async () => {
    renderAt('/admin', identityOf({ user: { ...ADA, isAdmin: true, role: 'admin' } }))
    expect(await screen.findByText('User list')).toBeTruthy()
    await act(async () => {})
    expect(toastMessages()).toEqual([])
  })
})
