// @vitest-environment node
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router'
import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { AppProviders } from '../app/AppProviders.tsx'
import { createQueryClient } from '../app/query-client.ts'
import { createRouterContext } from '../app/router-context.ts'
import { createAppRouter } from '../app/router.ts'
import { testI18n } from '../i18n/testing.ts'
import { loadRenderedCode } from '../ssr/hydrate-page.ts'
import { createApiClient } from '../trpc/client.ts'
import { LoadedSiteFooter } from './RootLayout.tsx'

const FALLBACK = 'the footer is still loading'

/**
 * RootLayout's footer, rendered in one synchronous pass: a part that suspends shows its fallback
 * here, as it does in hydration's first pass. Node gives this file a module graph of its own, so
 * nothing has loaded the footer's code before the test does.
 */
function footerInOnePass(): string {
  const queryClient = createQueryClient()
  const trpcClient = createApiClient('http://localhost/trpc')
  const router = createAppRouter({
    context: createRouterContext(queryClient, trpcClient, testI18n, 'http://localhost'),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  return renderToString(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} i18n={testI18n} navigate={() => undefined}>
      <RouterContextProvider router={router}>
        <Suspense fallback={<p>{FALLBACK}</p>}>
          <LoadedSiteFooter />
        </Suspense>
      </RouterContextProvider>
    </AppProviders>,
  )
}

describe('the footer of a server-rendered page', () => {
  // React.lazy would suspend here although the code is in: it asks for the module on its first render.
  it('is rendered in the first pass after what hydration awaits, without suspending', async () => {
    // What src/ssr/hydrate-page.ts awaits before React takes the server's markup over.
    await loadRenderedCode([])

    const html = footerInOnePass()
    expect(html).not.toContain(FALLBACK)
    expect(html).toMatch(/<footer[^>]*>/)
    expect(html).toContain('© 2024 Promptly. All rights reserved.')
  })
})
