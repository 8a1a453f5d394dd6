// Mantine's global styles; each component brings its own (scripts/mantine-component-styles.ts).
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import './app/accessible-colors.css'
// Before any schema runs (see the module).
import './app/zod-without-eval.ts'

import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { AppProviders } from './app/AppProviders.tsx'
import { AppRouterProvider } from './app/AppRouterProvider.tsx'
import { createQueryClient } from './app/query-client.ts'
import { createRouterContext } from './app/router-context.ts'
import { createAppRouter, navigateByUrl } from './app/router.ts'
import { createI18n } from './i18n/create-i18n.ts'
import { applyDocumentLanguage, initialLanguage } from './i18n/document-language.ts'
import { pageNamespaces } from './i18n/page-namespaces.ts'
import { createApiClient } from './trpc/client.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const language = initialLanguage()
applyDocumentLanguage(language)
// The server rendered this page when it left the router's state (window.$_TSR) beside it: take
// over its markup instead of painting again. Pages it does not render arrive with an empty #root.
const serverRendered = window.$_TSR !== undefined
const hydration = serverRendered ? import('./ssr/hydrate-page.ts') : null

void createI18n(language, { namespaces: pageNamespaces(window.location.pathname) }).then(async (i18n) => {
  const queryClient = createQueryClient()
  const trpcClient = createApiClient()
  const router = createAppRouter({ context: createRouterContext(queryClient, trpcClient, i18n) })
  const app = (
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        trpcClient={trpcClient}
        i18n={i18n}
        navigate={(to, options) => navigateByUrl(router, to, options)}
      >
        <AppRouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
  // As a transition, React renders (and hydrates) in slices and gives the main thread back between
  // them: the page answers input while the catalogue's cards are taken over, instead of freezing
  // for one long task.
  if (hydration) {
    const { hydrateRouter } = await hydration
    await hydrateRouter(router)
    startTransition(() => void hydrateRoot(container, app))
  } else {
    const root = createRoot(container)
    startTransition(() => root.render(app))
  }
})
