import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { PASSWORDS_DIFFER } from '../../identity/password-form-schemas.ts'
import { fakeApi, jsonResponse } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const RESET = '/api/auth/local/password-reset'
const CONFIRM = '/api/auth/local/password-reset/confirm'
const INVALID_LINK = 'This reset link is invalid or has expired'
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

function bodyOf(fetchMock: ReturnType<typeof fakeApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === path)
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

function describedText(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ')
  return ids.map((id) => (id ? document.getElementById(id)?.textContent : '')).join(' ')
}

/** The legacy envelope's 400, as the server words a refused field: "<field>: <message>". */
function badRequest(message: string) {
  return { status: 'error', error: message, message, code: 'BAD_REQUEST' }
}

describe('/forgot-password', () => {
  it('checks the address first, then says a link was sent if the account exists', async () => {
    const user = userEvent.setup()
    const fetchMock = fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { [RESET]: () => jsonResponse(202, {}) },
    )
    renderApp('/forgot-password')
    const email = await screen.findByLabelText(/^E-mail/)
    await user.type(email, 'not an address')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByText('Enter a valid e-mail address')).toBeVisible()
    expect(bodyOf(fetchMock, RESET)).toBeUndefined()

    await user.clear(email)
    await user.type(email, 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('If an account exists for that address, we sent a link'),
    )
    expect(bodyOf(fetchMock, RESET)).toEqual({ email: 'ada@example.com' })
  })

  it('shows why the request failed (too many requests)', async () => {
    const user = userEvent.setup()
    const slowDown = 'Too many requests. Please slow down and try again shortly.'
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { [RESET]: () => jsonResponse(429, { status: 'error', error: slowDown, message: slowDown }) },
    )
    renderApp('/forgot-password')
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect((await screen.findByRole('alert')).textContent).toContain(slowDown)
  })
})

describe('/reset-password', () => {
  async function fillNewPassword(password: string, repeat: string) {
    const user = userEvent.setup()
    // The button waits until the session is known.
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    await user.type(screen.getByLabelText(/^New password/), password)
    await user.type(screen.getByLabelText(/^Repeat password/), repeat)
    await user.click(submitButton())
  }
  const submitButton = () => screen.getByRole('button', { name: 'Set the new password' })

  it('refuses a repeat that does not match before calling the server', async () => {
    const fetchMock = fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    renderApp('/reset-password?token=t0k')
    await screen.findByRole('heading', { name: 'Choose a new password' })
    await fillNewPassword('a long new passphrase', 'a long new passphrasf')
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeVisible()
    expect(bodyOf(fetchMock, CONFIRM)).toBeUndefined()
  })

  it('sets the password, signs in and lands on the profile with a toast', async () => {
    let signedIn = false
    const fetchMock = fakeApi(
      {
        'system.config': LOCAL_CONFIG,
        'auth.me': () => (signedIn ? ADA : null),
        'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
      },
      {
        [CONFIRM]: () => {
          signedIn = true
          return jsonResponse(200, { user: ADA })
        },
        '/api/auth/local/sessions': () => jsonResponse(200, { sessions: [] }),
      },
    )
    const router = renderApp('/reset-password?token=t0k')
    await screen.findByRole('heading', { name: 'Choose a new password' })
    await fillNewPassword('a long new passphrase', 'a long new passphrase')

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(bodyOf(fetchMock, CONFIRM)).toEqual({ token: 't0k', password: 'a long new passphrase' })
    expect(toastMessages()).toContain('Your password was changed and you are signed in.')
    expect(await screen.findByRole('heading', { level: 1, name: ADA.name })).toBeVisible()
  })

  it("puts the server's refusal of a weak password next to the field", async () => {
    const weak = 'Choose a stronger password: add another word or two.'
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { [CONFIRM]: () => jsonResponse(400, badRequest(`password: ${weak}`)) },
    )
    renderApp('/reset-password?token=t0k')
    await screen.findByRole('heading', { name: 'Choose a new password' })
    await fillNewPassword('password123', 'password123')
    await waitFor(() => expect(describedText(screen.getByLabelText(/^New password/))).toContain(weak))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says a used or expired link is dead and offers a new one', async () => {
    const user = userEvent.setup()
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { [CONFIRM]: () => jsonResponse(400, { status: 'error', error: INVALID_LINK, message: INVALID_LINK }) },
    )
    const router = renderApp('/reset-password?token=used')
    await screen.findByRole('heading', { name: 'Choose a new password' })
    await fillNewPassword('a long new passphrase', 'a long new passphrase')
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID_LINK)
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'))
  })

  it('without a token, says the link is incomplete and shows no form', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    renderApp('/reset-password')
    expect((await screen.findByRole('alert')).textContent).toContain('This reset link is incomplete')
    expect(screen.queryByLabelText(/^New password/)).toBeNull()
  })
})
