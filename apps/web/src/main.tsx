// Mantine's global styles; each component brings its own (scripts/mantine-component-styles.ts).
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import './app/accessible-colors.css'

import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { AppProviders } from './app/AppProviders.tsx'
import { AppRouterProvider } from './app/AppRouterProvider.tsx'
import { createQueryClient } from './app/query-client.ts'
import { createRouterContext } from './app/router-context.ts'
import { createAppRouter, navigateByUrl } from './app/router.ts'
import { createApiClient } from './trpc/client.ts'

const queryClient = createQueryClient()
const trpcClient = createApiClient()
const router = createAppRouter({ context: createRouterContext(queryClient, trpcClient) })

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <AppProviders
      queryClient={queryClient}
      trpcClient={trpcClient}
      navigate={(to, options) => navigateByUrl(router, to, options)}
    >
      <AppRouterProvider router={router} />
    </AppProviders>
  </StrictMode>
)

// The server rendered this page when it left the router's state (window.$_TSR) beside it: take
// over its markup instead of painting again. Pages it does not render arrive with an empty #root.
if (window.$_TSR) {
  void import('./ssr/hydrate-page.ts')
    .then(({ hydrateRouter }) => hydrateRouter(router))
    .then(() => hydrateRoot(container, app))
} else {
  createRoot(container).render(app)
}
