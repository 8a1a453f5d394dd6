import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { fakeApi, jsonResponse } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { ADA } from '../../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const RESEND = '/api/auth/local/verify-email/resend'
const UNVERIFIED = { ...ADA, emailVerified: false }
const NO_CREDITS = { plan: 'free', current_limit: 0, max_limit: 0 }
const TRIAL = { plan: 'free', current_limit: 30, max_limit: 30 }
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

/** The profile of `viewer`, with the sessions list (not under test here) empty. */
function profileApi(viewer: () => unknown, limits: () => unknown, routes: Record<string, () => Response> = {}) {
  return fakeApi(
    { 'system.config': LOCAL_CONFIG, 'auth.me': viewer, 'credits.limits': limits },
    { '/api/auth/local/sessions': () => jsonResponse(200, { sessions: [] }), ...routes },
  )
}

// The English texts, as the product shows them.
const EMAIL_VERIFIED = 'E-mail verified'
const VERIFY_TO_GET_CREDITS = 'Verify your e-mail to get your 30 trial credits'
const LINK_INVALID = 'This verification link is invalid or has expired'
const notice = () => screen.findByRole('region', { name: VERIFY_TO_GET_CREDITS })

describe('profile: e-mail verification', () => {
  it('tells an unverified user how to get the trial credits, without the trial line', async () => {
    profileApi(
      () => UNVERIFIED,
      () => NO_CREDITS,
    )
    renderApp('/profile')
    expect((await notice()).textContent).toContain(`We sent a link to ${ADA.email}`)
    expect((await screen.findByTestId('credits')).textContent).toBe('0 of 0 left')
    expect(screen.queryByText(MESSAGES.trialPlan)).toBeNull()
  })

  it('resends the link: busy while it goes, then says so', async () => {
    const user = userEvent.setup()
    let answer: (response: Response) => void = () => {}
    const fetchMock = profileApi(
      () => UNVERIFIED,
      () => NO_CREDITS,
      { [RESEND]: () => jsonResponse(202, {}) },
    )
    // Hold the resend's answer until the busy state has been seen.
    const realFetch = fetchMock.getMockImplementation()
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === RESEND ? new Promise<Response>((resolve) => (answer = resolve)) : realFetch!(input, init),
    )
    renderApp('/profile')
    await notice()
    const button = screen.getByRole('button', { name: 'Resend the link' })
    await user.click(button)
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'))
    answer(jsonResponse(202, {}))

    await waitFor(() => expect(screen.getByText(`We sent a new link to ${ADA.email}.`)).toBeVisible())
    expect(button.getAttribute('aria-busy')).toBe('false')
  })

  it('says how long to wait when a link was sent less than a minute ago', async () => {
    const user = userEvent.setup()
    const wait = 'Please wait 42 seconds before asking for another e-mail'
    profileApi(
      () => UNVERIFIED,
      () => NO_CREDITS,
      {
        [RESEND]: () =>
          new Response(JSON.stringify({ status: 'error', error: wait, message: wait, code: 'TOO_MANY_REQUESTS' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'retry-after': '42' },
          }),
      },
    )
    renderApp('/profile')
    await notice()
    await user.click(screen.getByRole('button', { name: 'Resend the link' }))
    expect(await screen.findByText(/You can ask for another in 42 s\./)).toBeVisible()
  })

  it('after the link (?verified=1): a toast, the trial credits, and the parameter gone', async () => {
    profileApi(
      () => ADA,
      () => TRIAL,
    )
    const router = renderApp('/profile?verified=1')
    await waitFor(() => expect(toastMessages()).toContain(EMAIL_VERIFIED))
    expect((await screen.findByTestId('credits')).textContent).toBe('30 of 30 left')
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(screen.queryByRole('region', { name: VERIFY_TO_GET_CREDITS })).toBeNull()
  })

  it('reads the viewer again after ?verified=1: the one in the cache may predate the link', async () => {
    let meCalls = 0
    profileApi(
      () => {
        meCalls += 1
        return ADA
      },
      () => TRIAL,
    )
    renderApp('/profile?verified=1')
    await waitFor(() => expect(meCalls).toBe(2))
    expect((await screen.findByTestId('credits')).textContent).toBe('30 of 30 left')
  })

  it('after a dead link (?verified=invalid): says so and offers a new one, and drops the parameter', async () => {
    profileApi(
      () => UNVERIFIED,
      () => NO_CREDITS,
    )
    const router = renderApp('/profile?verified=invalid')
    const region = await screen.findByRole('region', { name: LINK_INVALID })
    expect(region.textContent).toContain('Ask for a new link')
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeVisible()
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(screen.getByRole('region', { name: LINK_INVALID })).toBeVisible()
  })

  it('shows nothing about verification to a verified user', async () => {
    profileApi(
      () => ADA,
      () => TRIAL,
    )
    renderApp('/profile')
    expect((await screen.findByTestId('credits')).textContent).toBe('30 of 30 left')
    expect(screen.getByText(MESSAGES.trialPlan)).toBeVisible()
    expect(screen.queryByRole('region', { name: VERIFY_TO_GET_CREDITS })).toBeNull()
  })
})
