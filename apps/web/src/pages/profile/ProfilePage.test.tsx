import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { fakeApi } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/profile', () => {
  it('shows the account, the trial line and credits as "X of Y left"', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': { plan: 'free', current_limit: 12, max_limit: 30 },
    })
    renderApp('/profile')
    expect(await screen.findByRole('heading', { level: 1, name: ADA.name })).toBeVisible()
    expect(screen.getByText(ADA.email)).toBeVisible()
    expect(screen.getByText(MESSAGES.trialPlan)).toBeVisible()
    expect((await screen.findByTestId('credits')).textContent).toBe('12 of 30 left')
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/plan')
  })

  it('says the trial has ended once its 7 days are over', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': { ...ADA, trialEndsAt: new Date(Date.now() - 60_000) },
      'credits.limits': { plan: 'free', current_limit: 0, max_limit: 0 },
    })
    renderApp('/profile')
    expect(await screen.findByText(MESSAGES.trialEnded)).toBeVisible()
    expect(screen.queryByText(MESSAGES.trialPlan)).toBeNull()
  })

  it('signs out, goes home and shows the Login button', async () => {
    let signedIn = true
    fakeApi(
      {
        'system.config': LOCAL_CONFIG,
        'auth.me': () => (signedIn ? ADA : null),
        'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
      },
      {
        '/api/auth/local/sign-out': () => {
          signedIn = false
          return new Response(null, { status: 204 })
        },
      },
    )
    const router = renderApp('/profile')
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible()
  })
})
