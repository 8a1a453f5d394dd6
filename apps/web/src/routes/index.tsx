import { createFileRoute } from '@tanstack/react-router'

import { ALL_TOOLS } from '@promptly/core/catalogue/labels'

import { catalogueQueryOptions } from '../catalogue/catalogue-queries.ts'
import { loadCatalogue } from '../catalogue/load-catalogue.ts'
import { validateHomeSearch } from '../home/home-search.ts'
import { HomePage } from '../home/HomePage.tsx'

export const Route = createFileRoute('/')({
  validateSearch: validateHomeSearch,
  // Not awaited: the page renders at once while the catalogue's code, the categories and All Tools
  // load (or come from cache).
  loader: ({ context: { queryClient, trpc } }) => {
    void loadCatalogue()
    void queryClient.prefetchQuery(trpc.tools.categories.queryOptions(undefined, catalogueQueryOptions))
    void queryClient.prefetchQuery(trpc.tools.byCategory.queryOptions({ category: ALL_TOOLS }, catalogueQueryOptions))
  },
  component: HomePage,
})
