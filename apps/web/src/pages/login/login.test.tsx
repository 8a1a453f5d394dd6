import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { fakeApi, jsonResponse } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const NEW_ADA = { ...ADA, emailVerified: false }

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Types what is given (an empty value leaves its field untouched) and presses the form's button. */
async function fill(fields: Record<string, string>, button: string) {
  const user = userEvent.setup()
  for (const [label, value] of Object.entries(fields)) {
    if (value !== '') await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value)
  }
  await user.click(screen.getByRole('button', { name: button }))
  return user
}

const fillSignIn = (email: string, password: string) => fill({ 'E-mail': email, Password: password }, 'Sign in')

/** The legacy envelope's 400, as the server words a refused field: "<field>: <message>". */
function badRequest(message: string) {
  return { status: 'error', error: message, message, code: 'BAD_REQUEST' }
}

describe('/login', () => {
  it('signs in and returns to the page in ?redirect=', async () => {
    let signedIn = false
    const fetchMock = fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': () => (signedIn ? ADA : null) },
      {
        '/api/auth/local/sign-in': () => {
          signedIn = true
          return jsonResponse(200, { user: ADA })
        },
      },
    )
    const router = renderApp('/login?redirect=%2Fgenerate%3Fid%3Dabc')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignIn('ada@example.com', 'correct horse')

    await waitFor(() => expect(router.state.location.pathname).toBe('/generate'))
    expect(router.state.location.search).toEqual({ id: 'abc' })
    const signInCall = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/auth/local/sign-in'))
    expect(JSON.parse(String(signInCall?.[1]?.body))).toEqual({ email: 'ada@example.com', password: 'correct horse' })
  })

  it('ignores an off-site ?redirect= and goes home instead', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA })
    const router = renderApp('/login?redirect=%2F%2Fevil.com')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.location.href).toBe('/')
  })

  it("shows the server's message when sign-in is refused", async () => {
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      {
        '/api/auth/local/sign-in': () =>
          jsonResponse(401, { status: 'error', error: 'WRONG_CREDENTIALS', message: MESSAGES.wrongCredentials }),
      },
    )
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignIn('ada@example.com', 'wrong password')
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.wrongCredentials)
  })

  it('checks the fields with the shared rules before calling the server', async () => {
    const fetchMock = fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignIn('not-an-email', '')
    expect(await screen.findByText('Enter a valid e-mail address')).toBeVisible()
    expect(screen.getByText('Password is required')).toBeVisible()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/'))).toBe(false)
  })
})

/** What a field's aria-describedby points at: Mantine ties a field's error to it that way. */
function describedText(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ')
  return ids.map((id) => (id ? document.getElementById(id)?.textContent : '')).join(' ')
}

async function fillSignUp(name: string, email: string, password: string) {
  await userEvent.setup().click(screen.getByRole('tab', { name: 'Create account' }))
  return fill({ Name: name, 'E-mail': email, Password: password }, 'Create account')
}

describe('/login, creating an account', () => {
  it('says where the mail went and lets the new, signed-in user continue', async () => {
    let signedIn = false
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': () => (signedIn ? NEW_ADA : null) },
      {
        '/api/auth/local/sign-up': () => {
          signedIn = true
          return jsonResponse(202, { checkEmail: true, email: 'ada@example.com' })
        },
      },
    )
    const router = renderApp('/login?redirect=%2Fhistory')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignUp('Ada', 'ada@example.com', 'correct horse battery')

    const panel = await screen.findByRole('status', { name: 'Check your inbox' })
    expect(panel.textContent).toContain('ada@example.com')
    // Signed in by now, yet the page stays until the user moves on.
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue to Promptly' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'))
  })

  it('answers a known address the same way, without a session, and leads back to sign-in', async () => {
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { '/api/auth/local/sign-up': () => jsonResponse(202, { checkEmail: true, email: 'ada@example.com' }) },
    )
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignUp('Ada', 'ada@example.com', 'correct horse battery')

    expect((await screen.findByRole('status', { name: 'Check your inbox' })).textContent).toContain('ada@example.com')
    expect(screen.queryByRole('link', { name: 'Open the message in the outbox' })).toBeNull()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back to sign in' }))
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible()
  })

  it("shows the server's refusal of a weak password next to the password field", async () => {
    const weak = 'Choose a stronger password: this is a top-10 common password.'
    fakeApi(
      { 'system.config': LOCAL_CONFIG, 'auth.me': null },
      { '/api/auth/local/sign-up': () => jsonResponse(400, badRequest(`password: ${weak}`)) },
    )
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    await fillSignUp('Ada', 'ada@example.com', 'password1')

    const field = screen.getByLabelText(/^Password/)
    await waitFor(() => expect(describedText(field)).toContain(weak))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('links to the forgotten-password page from the sign-in form', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    const router = renderApp('/login')
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  })
})
