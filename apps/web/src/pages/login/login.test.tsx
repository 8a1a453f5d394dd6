import { MESSAGES } from '@promptly/core/messages'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, jsonResponse } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }

afterEach(() => {
  vi.unstubAllGlobals()
})

function fillSignIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
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
    fillSignIn('ada@example.com', 'correct horse')

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
    fillSignIn('ada@example.com', 'wrong password')
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.wrongCredentials)
  })

  it('checks the fields with the shared rules before calling the server', async () => {
    const fetchMock = fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null })
    renderApp('/login')
    await screen.findByRole('heading', { name: 'Welcome to Promptly' })
    fillSignIn('not-an-email', '')
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy()
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/'))).toBe(false)
  })
})
