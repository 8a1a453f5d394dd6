import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { UNSET_SITE_DETAILS } from './site.ts'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }

afterEach(() => {
  vi.unstubAllGlobals()
})

async function footerLink(name: string) {
  return within(await screen.findByRole('contentinfo')).findByRole('link', { name })
}

describe("the footer's Blog and maker links", () => {
  it('open the configured blog and maker sites in a new tab, safely', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'system.site': {
        ...UNSET_SITE_DETAILS,
        blogUrl: 'https://blog.acme.test/',
        makerUrl: 'https://acme.test/',
      },
    })
    renderApp('/about')
    await screen.findByRole('contentinfo')
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', 'https://blog.acme.test/'),
    )
    for (const [name, href] of [
      ['Blog', 'https://blog.acme.test/'],
      ['the Promptly team', 'https://acme.test/'],
    ] as const) {
      const link = await footerLink(name)
      expect(link).toHaveAttribute('href', href)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  it('keep the Blog on the internal page, and name the maker without a link, when not configured', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null, 'system.site': UNSET_SITE_DETAILS })
    renderApp('/about')
    expect(await footerLink('Blog')).toHaveAttribute('href', '/blog')
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText('the Promptly team').closest('a')).toBeNull()
    expect(within(footer).queryByRole('link', { name: /example/ })).toBeNull()
  })
})
