import { createMemoryHistory } from '@tanstack/react-router'
import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { documentTitle } from '../components/usePageTitle.ts'
import { testI18n } from '../i18n/testing.ts'
import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'
import { createApiClient } from '../trpc/client.ts'
import { createQueryClient } from './query-client.ts'
import { createRouterContext } from './router-context.ts'
import { createAppRouter } from './router.ts'

/** Every page the router knows, by its full path (params filled in). */
function pagePaths(): string[] {
  const router = createAppRouter({
    context: createRouterContext(createQueryClient(), createApiClient('http://localhost/trpc'), testI18n),
    history: createMemoryHistory(),
  })
  return Object.keys(router.routesByPath)
    .map((path) => path.replace(/\$\w+/g, 'some-id'))
    .sort()
}

const ADMIN = { ...ADA, role: 'admin' as const, isAdmin: true }
/** Pages for signed-out visitors: a signed-in one is sent on from them. */
const SIGNED_OUT_PAGES = ['/login', '/forgot-password', '/reset-password']
const SITE_TITLE = documentTitle('', testI18n.t)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Each page's title, filled in by the tests below in turn (they run one after the other). */
const titles = new Map<string, string>()

describe('document titles', () => {
  it('knows the pages it walks', () => {
    expect(pagePaths()).toEqual(expect.arrayContaining(['/', '/about', '/history', '/checkout/some-id']))
  })

  it.each([...pagePaths(), '/no-such-page'])('%s sets a title of its own', async (path) => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': SIGNED_OUT_PAGES.includes(path) ? null : ADMIN })
    document.title = ''
    const router = renderApp(path)
    await waitFor(() => expect(document.title).not.toBe(''))
    if (path !== '/') await waitFor(() => expect(document.title).not.toBe(SITE_TITLE))
    expect(router.state.location.pathname, 'the page stays where it is').toBe(path)
    titles.set(path, document.title)
  })

  it('gives no two pages the same title, and the unknown address its own', () => {
    expect(titles.get('/')).toBe(SITE_TITLE)
    expect(titles.get('/no-such-page')).toBe('Page not found | Promptly')
    const repeated = [...titles].filter(([, title]) => [...titles.values()].filter((t) => t === title).length > 1)
    expect(repeated).toEqual([])
  })
})
