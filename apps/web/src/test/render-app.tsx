import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'

import { AppProviders } from '../app/AppProviders.tsx'
import { AppRouterProvider } from '../app/AppRouterProvider.tsx'
import { createQueryClient } from '../app/query-client.ts'
import { createRouterContext } from '../app/router-context.ts'
import { createAppRouter } from '../app/router.ts'
import { testI18n } from '../i18n/testing.ts'
import { createApiClient } from '../trpc/client.ts'

/** The whole app (providers, real routes) at `path`, talking to whatever `fetch` is stubbed with. */
export function renderApp(path = '/') {
  const queryClient = createQueryClient()
  const trpcClient = createApiClient('http://localhost/trpc')
  const router = createAppRouter({
    context: createRouterContext(queryClient, trpcClient, testI18n),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <AppProviders
      queryClient={queryClient}
      trpcClient={trpcClient}
      i18n={testI18n}
      navigate={(to) => void router.navigate({ href: to })}
      env="test"
    >
      <AppRouterProvider router={router} />
    </AppProviders>,
  )
  return router
}
