import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { PASSWORDS_DIFFER } from '../../../identity/password-form-schemas.ts'
import { fakeApi, jsonResponse } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { ADA } from '../../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const BASE = '/api/auth/local'
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const THIS = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)
const now = new Date().toISOString()
const session = (id: string, userAgent: string, ip: string, current: boolean) => ({
  id,
  createdAt: now,
  lastSeenAt: now,
  userAgent,
  ip,
  current,
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The profile of a signed-in local user; `sessions()` answers GET /sessions. */
function profileApi(sessions: () => unknown[], routes: Record<string, () => Response> = {}) {
  return fakeApi(
    {
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
    },
    { [`${BASE}/sessions`]: () => jsonResponse(200, { sessions: sessions() }), ...routes },
  )
}

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({ method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined }))
}

function describedText(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ')
  return ids.map((id) => (id ? document.getElementById(id)?.textContent : '')).join(' ')
}

const security = () => screen.findByRole('region', { name: 'Security' })

describe('profile: sessions', () => {
  it('lists the sessions, marks this device, and signs another one out', async () => {
    const user = userEvent.setup()
    let sessions = [session(THIS, CHROME_LINUX, '127.0.0.1', true), session(OTHER, FIREFOX_WINDOWS, '10.0.0.7', false)]
    const fetchMock = profileApi(() => sessions, {
      [`${BASE}/sessions/${OTHER}`]: () => {
        sessions = sessions.filter(({ id }) => id !== OTHER)
        return new Response(null, { status: 204 })
      },
    })
    renderApp('/profile')
    const list = await within(await security()).findByRole('list', { name: 'Signed-in devices' })
    const [current, other] = await within(list).findAllByRole('listitem')
    expect(current!.textContent).toContain('Chrome on Linux')
    expect(current!.textContent).toContain('This device')
    expect(within(current!).queryByRole('button')).toBeNull()
    expect(other!.textContent).toContain('Firefox on Windows')
    expect(other!.textContent).toContain('10.0.0.7')
    expect(other!.textContent).toContain('just now')

    await user.click(within(other!).getByRole('button', { name: 'Sign out Firefox on Windows (10.0.0.7)' }))
    expect(await screen.findByText('Signed out Firefox on Windows.')).toBeVisible()
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(callsTo(fetchMock, `${BASE}/sessions/${OTHER}`)).toEqual([{ method: 'DELETE', body: undefined }])
  })

  it('signs out everywhere only after the confirmation, then reloads at /login', async () => {
    const user = userEvent.setup()
    const fetchMock = profileApi(() => [session(THIS, CHROME_LINUX, '127.0.0.1', true)], {
      [`${BASE}/sign-out-everywhere`]: () => new Response(null, { status: 204 }),
    })
    // A full page load is not something happy-dom does; what matters is that one is asked for.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderApp('/profile')
    await user.click(within(await security()).getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(fetchMock, `${BASE}/sign-out-everywhere`)).toEqual([])

    await user.click(within(await security()).getByRole('button', { name: 'Sign out everywhere' }))
    const again = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(again).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'))
    expect(callsTo(fetchMock, `${BASE}/sign-out-everywhere`)).toEqual([{ method: 'POST', body: undefined }])
  })
})

describe('profile: change password', () => {
  async function fillChange(current: string, next: string, repeat: string) {
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/^Current password/), current)
    await user.type(screen.getByLabelText(/^New password/), next)
    await user.type(screen.getByLabelText(/^Repeat password/), repeat)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
  }

  it('refuses a repeat that differs before calling the server', async () => {
    const fetchMock = profileApi(() => [])
    renderApp('/profile')
    await security()
    await fillChange('old passphrase', 'a new passphrase', 'a new passphrasf')
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeVisible()
    expect(callsTo(fetchMock, `${BASE}/password`)).toEqual([])
  })

  it('shows a wrong current password at its field', async () => {
    const wrong = 'currentPassword: Your current password is not correct'
    profileApi(() => [], {
      [`${BASE}/password`]: () =>
        jsonResponse(400, { status: 'error', error: wrong, message: wrong, code: 'BAD_REQUEST' }),
    })
    renderApp('/profile')
    await security()
    await fillChange('not it', 'a new passphrase', 'a new passphrase')
    const field = screen.getByLabelText(/^Current password/)
    await waitFor(() => expect(describedText(field)).toContain('Your current password is not correct'))
    expect(describedText(field)).not.toContain('currentPassword:')
  })

  it('changes it, says the other devices were signed out, clears the form and re-reads the sessions', async () => {
    let sessionReads = 0
    const fetchMock = profileApi(
      () => {
        sessionReads += 1
        return [session(THIS, CHROME_LINUX, '127.0.0.1', true)]
      },
      { [`${BASE}/password`]: () => jsonResponse(200, { user: ADA }) },
    )
    renderApp('/profile')
    await security()
    await waitFor(() => expect(sessionReads).toBe(1))
    await fillChange('old passphrase', 'a new passphrase', 'a new passphrase')

    expect(await screen.findByText('Password changed. Every other device was signed out.')).toBeVisible()
    expect(callsTo(fetchMock, `${BASE}/password`)).toEqual([
      { method: 'POST', body: { currentPassword: 'old passphrase', newPassword: 'a new passphrase' } },
    ])
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(sessionReads).toBe(2))
  })
})
