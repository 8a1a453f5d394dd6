import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the app shell', () => {
  it('renders the home page signed out when the API is not reachable', async () => {
    fakeApi() // every call answers 404
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock the Power of AI with Promptly' })).toBeVisible()
    expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content')
    expect(screen.getByRole('main')).toBeVisible()
  })

  it('shows the avatar menu and Profile for a signed-in user', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA })
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeVisible()
    const banner = screen.getByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile')
    expect(within(banner).queryByRole('link', { name: 'Login' })).toBeNull()
  })

  it('links the footer to the two bio generators and the other pages', async () => {
    fakeApi()
    renderApp('/')
    const footer = await screen.findByRole('contentinfo')
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href')
    expect(href('X (Twitter) Bio Generator')).toBe(`/generate?id=${X_TWITTER_BIO_TOOL_ID}`)
    expect(href('Instagram Bio Generator')).toBe(`/generate?id=${INSTAGRAM_BIO_TOOL_ID}`)
    expect(href('View All Tools')).toBe('/')
    expect(href('About Us')).toBe('/about')
    expect(href('Contact')).toBe('/contact')
    expect(href('My Profile')).toBe('/profile')
    expect(href('Terms of Service')).toBe('/terms')
    expect(href('Privacy Policy')).toBe('/privacy')
    expect(href('Secure Transaction Policy')).toBe('/transaction')
    expect(href('Blog')).toBe('/blog')
    expect(within(footer).getByText(/© 2024/)).toBeVisible()
  })

  it('shows the not-found page for an unknown address', async () => {
    fakeApi()
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
  })
})
