import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'

import { createQueryClient } from '../app/query-client.ts'
import { createRouterContext } from '../app/router-context.ts'
import { createAppRouter } from '../app/router.ts'
import { UNSET_SITE_DETAILS } from '../layout/site.ts'
import type { FileRouteTypes } from '../routeTree.gen.ts'
import { fakeApi } from '../test/fake-api.ts'
import { createApiClient } from '../trpc/client.ts'
import { createI18n, type I18n } from './create-i18n.ts'
import { PAGE_TEXTS, pageNamespaces } from './page-namespaces.ts'
import { NAMESPACES, type Namespace } from './texts-backend.ts'

/**
 * Every route's path, from the generated route tree, named in PAGE_TEXTS and nothing else: a new
 * route fails the type check (naming its path) until its texts are named there.
 */
type RoutePath = FileRouteTypes['fullPaths']
type Unnamed = Exclude<RoutePath, keyof typeof PAGE_TEXTS>
type NoSuchRoute = Exclude<keyof typeof PAGE_TEXTS, RoutePath>
const everyRouteNamed: [Unnamed] extends [never] ? true : Unnamed = true
const onlyRoutesNamed: [NoSuchRoute] extends [never] ? true : NoSuchRoute = true

describe('pageNamespaces', () => {
  it('names the texts of each area by its pages, and none for the everyday pages', () => {
    expect(pageNamespaces('/')).toEqual([])
    expect(pageNamespaces('/login')).toEqual([])
    expect(pageNamespaces('/about')).toEqual(['info'])
    expect(pageNamespaces('/generate')).toEqual(['generator'])
    expect(pageNamespaces('/plan')).toEqual(['account'])
    expect(pageNamespaces('/form')).toEqual(['admin', 'generator'])
  })

  it('matches a page with a parameter, and a trailing slash, but no address outside the routes', () => {
    expect(pageNamespaces('/checkout/purchase-123')).toEqual(['account'])
    expect(pageNamespaces('/checkout/')).toEqual([])
    expect(pageNamespaces('/checkout/a/b')).toEqual([])
    expect(pageNamespaces('/plan/')).toEqual(['account'])
    expect(pageNamespaces('/no-such-page')).toEqual([])
    // Own properties only: an inherited name is no page.
    expect(pageNamespaces('constructor')).toEqual([])
  })

  it('hands out a copy: a caller changing its list does not change the next page', () => {
    pageNamespaces('/form').push('info')
    expect(pageNamespaces('/form')).toEqual(['admin', 'generator'])
  })
})

describe('the root route', () => {
  /**
   * The real router over a fresh i18n instance that holds only the everyday texts, as a first load
   * of `/` has. The routes' data loads run in the background: `settled()` waits for them, so none
   * is left to reach the network once the file's fetch stub is gone.
   */
  async function routerAt(path: string) {
    fakeApi({ 'system.site': UNSET_SITE_DETAILS })
    const i18n = await createI18n('es')
    const queryClient = createQueryClient()
    queryClient.setDefaultOptions({ queries: { retry: false } })
    const router = createAppRouter({
      context: createRouterContext(queryClient, createApiClient('http://localhost/trpc'), i18n, 'http://localhost'),
      history: createMemoryHistory({ initialEntries: [path] }),
    })
    await router.load()
    const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0))
    return { router, i18n, settled }
  }

  /** The area namespaces the instance holds, in NAMESPACES' order. */
  const loaded = (i18n: I18n): Namespace[] =>
    NAMESPACES.filter((namespace) => namespace !== 'translation' && i18n.hasLoadedNamespace(namespace))

  it("loads each page's texts before the page renders, on the first load and on every navigation", async () => {
    const { router, i18n, settled } = await routerAt('/')
    expect(loaded(i18n)).toEqual([])

    await router.navigate({ to: '/about' })
    expect(router.state.location.pathname).toBe('/about')
    expect(loaded(i18n)).toEqual(['info'])
    expect(i18n.t('about.title', { ns: 'info' })).toBe('Sobre nosotros')

    await router.navigate({ to: '/plan' })
    expect(loaded(i18n)).toEqual(['account', 'info'])
    await settled()
  })

  it('is named in PAGE_TEXTS for every page of the route tree, and no other path is', async () => {
    expect([everyRouteNamed, onlyRoutesNamed]).toEqual([true, true])
    const { router, settled } = await routerAt('/')
    expect(Object.keys(router.routesByPath).sort()).toEqual(Object.keys(PAGE_TEXTS).sort())
    await settled()
  })

  it("loads a signed-in page's texts on a first load too", async () => {
    const { i18n, settled } = await routerAt('/form')
    expect(loaded(i18n)).toEqual(['generator', 'admin'])
    await settled()
  })
})
