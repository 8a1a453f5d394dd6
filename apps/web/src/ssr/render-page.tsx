import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory, HeadContent, RouterContextProvider } from '@tanstack/react-router'
import { attachRouterServerSsrUtils, getSsrStatus } from '@tanstack/react-router/ssr/server'
import { StrictMode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import superjson from 'superjson'

import type { RenderPageInput as PageRendererInput, RenderedPage } from '@promptly/core/web/page-renderer'

import { AppProviders } from '../app/AppProviders.tsx'
import { AppRouterProvider } from '../app/AppRouterProvider.tsx'
import { createQueryClient } from '../app/query-client.ts'
import { createRouterContext } from '../app/router-context.ts'
import { createAppRouter, type AppRouter, type DehydratedPage } from '../app/router.ts'
import { ServerScreenGuess } from '../app/server-screen-guess.ts'
import { createI18n } from '../i18n/create-i18n.ts'
import { pageNamespaces } from '../i18n/page-namespaces.ts'
import type { ApiClient } from '../trpc/client.ts'
import { streamBody } from './stream-body.ts'

export type RenderPageInput = PageRendererInput<ApiClient>

/**
 * Loads one page as a signed-out visitor sees it: route loaders run on the server (awaiting the data
 * they prefetch), so its status, redirect and head are known before any of it is sent. The body is
 * rendered when the server asks (ssr/stream-body.ts), after it has sent everything up to #root.
 */
export async function renderPage(input: RenderPageInput): Promise<RenderedPage> {
  const queryClient = createQueryClient()
  // In-process calls: a failure is the answer (an unknown tool is a 404), not worth a second try.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const pathname = new URL(input.url, 'http://page').pathname
  const i18n = await createI18n(input.language, { namespaces: pageNamespaces(pathname) })
  const context = createRouterContext(queryClient, input.apiClient, i18n, input.origin)
  const router = createAppRouter({
    context,
    history: createMemoryHistory({ initialEntries: [input.url] }),
    nonce: input.nonce,
    // The page's query answers travel with the router's own state (ssr/hydrate-page.ts reads them).
    dehydrate: (): DehydratedPage => ({ queries: superjson.stringify(dehydrate(queryClient)) }),
  })
  attachRouterServerSsrUtils({ router, manifest: undefined })
  let released = false
  const release = () => {
    if (released) return
    released = true
    router.serverSsr?.cleanup()
    queryClient.clear()
  }
  try {
    router.update({ ...router.options, origin: input.origin })
    await router.load()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      const location = result.redirect.headers.get('location') ?? '/'
      release()
      return { kind: 'redirect', status: result.redirect.status, location }
    }
    await router.serverSsr?.dehydrate()
    const head = withoutNonces(
      renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <HeadContent />
        </RouterContextProvider>,
      ),
    )
    const tree = (
      <StrictMode>
        <ServerScreenGuess value={input.screen ?? 'wide'}>
          <AppProviders queryClient={queryClient} trpcClient={input.apiClient} i18n={i18n} navigate={() => undefined}>
            <AppRouterProvider router={router} />
          </AppProviders>
        </ServerScreenGuess>
      </StrictMode>
    )
    return {
      kind: 'page',
      status: getSsrStatus(router),
      head,
      routeIds: router.stores.matches.get().map((match) => match.routeId),
      textNamespaces: pageNamespaces(pathname),
      async renderBody(destination) {
        try {
          await streamBody(tree, input.nonce, destination)
          const scripts = hydrationScripts(router)
          router.serverSsr?.setRenderFinished()
          return scripts
        } finally {
          release()
        }
      },
      discard: release,
    }
  } catch (error) {
    release()
    throw error
  }
}

/** The router's bootstrap and dehydrated state as script tags; each removes itself before hydration. */
function hydrationScripts(router: AppRouter): string {
  const tags = router.serverSsr?.takeInitialHydrationScriptTags()
  if (!tags) return ''
  return tags.before
    .map(({ attrs, children }) => {
      const nonce = typeof attrs?.nonce === 'string' ? ` nonce="${escapeAttribute(attrs.nonce)}"` : ''
      return `<script${nonce} data-tsr-stream-part="">${children ?? ''}</script>`
    })
    .join('')
}

/**
 * Head tags carry no script, so no nonce: HeadContent marks every tag with it and publishes it in a
 * meta tag, which would hand it to any markup injected into the page.
 */
function withoutNonces(head: string): string {
  return head.replace(/<meta property="csp-nonce"[^>]*>/g, '').replace(/ nonce="[^"]*"/g, '')
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`)
}

export { renderErrorPage } from './render-error-page.tsx'
