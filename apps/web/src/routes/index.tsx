import { createFileRoute } from '@tanstack/react-router'

import { ALL_TOOLS } from '@promptly/core/catalogue/labels'

import { loadPageHead } from '../app/lazy-page-head.ts'
import { awaitOnServer } from '../app/server-rendered.ts'
import { catalogueQueryOptions } from '../catalogue/catalogue-queries.ts'
import { loadCatalogue } from '../catalogue/load-catalogue.ts'
import { validateHomeSearch } from '../home/home-search.ts'
import { HomePage } from '../home/HomePage.tsx'

export const Route = createFileRoute('/')({
  validateSearch: validateHomeSearch,
  head: ({ match }) =>
    loadPageHead().then(({ pageHead }) =>
      pageHead(match.context.i18n.t, { title: '', canonical: `${match.context.origin}/` }),
    ),
  // In the browser not awaited: the page renders at once while the catalogue's code, the categories
  // and All Tools load (or come from cache). The server waits for them: its HTML carries the tools.
  loader: ({ context: { queryClient, trpc } }) =>
    awaitOnServer([
      loadCatalogue(),
      queryClient.prefetchQuery(trpc.tools.categories.queryOptions(undefined, catalogueQueryOptions)),
      queryClient.prefetchQuery(trpc.tools.byCategory.queryOptions({ category: ALL_TOOLS }, catalogueQueryOptions)),
    ]),
  component: HomePage,
})
