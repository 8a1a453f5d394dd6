import { Writable } from 'node:stream'
import { dehydrate } from '@tanstack/react-query'
import { createMemoryHistory, HeadContent, RouterContextProvider } from '@tanstack/react-router'
import { attachRouterServerSsrUtils, getSsrStatus } from '@tanstack/react-router/ssr/server'
import { StrictMode, type ReactNode } from 'react'
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server'
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

export type RenderPageInput = PageRendererInput<ApiClient>

/**
 * Renders one page as a signed-out visitor sees it: route loaders run on the server (awaiting the
 * data they prefetch), then the whole tree, lazy parts included, is rendered before anything is sent,
 * so the head (which depends on the data) can precede the body.
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
  try {
    router.update({ ...router.options, origin: input.origin })
    await router.load()
    const result = router._serverResult
    if (result?.type === 'redirect') {
      const location = result.redirect.headers.get('location') ?? '/'
      return { kind: 'redirect', status: result.redirect.status, location }
    }
    await router.serverSsr?.dehydrate()
    const body = await renderToStringWhenReady(
      <StrictMode>
        <ServerScreenGuess value={input.screen ?? 'wide'}>
          <AppProviders queryClient={queryClient} trpcClient={input.apiClient} i18n={i18n} navigate={() => undefined}>
            <AppRouterProvider router={router} />
          </AppProviders>
        </ServerScreenGuess>
      </StrictMode>,
      input.nonce,
    )
    const head = withoutNonces(
      renderToStaticMarkup(
        <RouterContextProvider router={router}>
          <HeadContent />
        </RouterContextProvider>,
      ),
    )
    const scripts = hydrationScripts(router)
    router.serverSsr?.setRenderFinished()
    return {
      kind: 'page',
      status: getSsrStatus(router),
      head,
      body,
      scripts,
      routeIds: router.stores.matches.get().map((match) => match.routeId),
      textNamespaces: pageNamespaces(pathname),
    }
  } finally {
    router.serverSsr?.cleanup()
    queryClient.clear()
  }
}

/** Renders with every Suspense boundary resolved (the lazy catalogue, route chunks): the complete page. */
function renderToStringWhenReady(tree: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'))
        done()
      },
    })
    const stream = renderToPipeableStream(tree, {
      nonce,
      // Every boundary inline, in place: a large one (the catalogue) would otherwise be sent hidden
      // and moved into place by an inline script, so the first paint would wait for it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error),
    })
  })
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
