import { Container, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { MY_TOOLS } from '@promptly/core/catalogue/labels'

import { catalogueQueryOptions } from '../catalogue/catalogue-queries.ts'
import { shownCategory, visibleCategories } from '../catalogue/catalogue-state.ts'
import { loadCatalogue } from '../catalogue/load-catalogue.ts'
import { ToolsLoader } from '../catalogue/ToolsLoader.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC } from '../trpc/client.ts'
import { CATALOGUE_ID, scrollToCatalogue } from './catalogue-anchor.ts'
import { CategoryStrip } from './CategoryStrip.tsx'
import classes from './home.module.css'
import { HomeHero } from './HomeHero.tsx'
import { useHomeCatalogueState } from './useHomeCatalogueState.ts'
import { useMyToolsOnLoad } from './useMyToolsOnLoad.ts'

// The catalogue sits below the hero: its code (tabs, accordion, cards) loads in parallel with its
// first data instead of weighing on the first paint (the route's loader starts it).
const Catalogue = lazy(loadCatalogue)

const route = getRouteApi('/')

/** Home: hero with search, category strip, and the tools catalogue. */
export function HomePage() {
  const { t } = useTranslation()
  usePageTitle('')
  const trpc = useTRPC()
  const { mytools } = route.useSearch()
  const { status } = useIdentity()

  // `?mytools` counts at load only.
  const [openMyTools] = useState(() => mytools === true)
  const { state, dispatch } = useHomeCatalogueState(openMyTools)
  useMyToolsOnLoad(mytools === true, openMyTools, status)

  const categoriesQuery = useQuery(trpc.tools.categories.queryOptions(undefined, catalogueQueryOptions))
  const signedIn = status === 'signed-in'
  const categories = useMemo(() => visibleCategories(categoriesQuery.data, signedIn), [categoriesQuery.data, signedIn])
  const category = shownCategory(state, categories, status === 'loading')
  const highlighted = state.search === null ? category : null
  // The same element while its props are: when the page re-renders as it takes over the server's
  // markup (the identity resolving, the route's data arriving), React then skips the catalogue
  // instead of hydrating its dozens of cards synchronously to apply an update that changes nothing.
  const { search, searchTabs } = state
  const catalogue = useMemo(
    () => (
      <Suspense fallback={<ToolsLoader />}>
        <Catalogue
          categories={categories}
          category={category}
          search={search}
          searchTabs={searchTabs}
          dispatch={dispatch}
        />
      </Suspense>
    ),
    [categories, category, search, searchTabs, dispatch],
  )

  return (
    <Container size="lg" py={{ base: 40, sm: 72 }}>
      <HomeHero
        onSearch={(text) => {
          dispatch({ type: 'search', text })
          scrollToCatalogue()
        }}
      />

      {categoriesQuery.data && categoriesQuery.data.length > 0 && (
        <Stack mt={48}>
          <CategoryStrip
            categories={categories}
            selected={highlighted}
            onSelect={(chosen) => dispatch({ type: 'select-category', category: chosen })}
          />
        </Stack>
      )}

      <Stack
        component="section"
        id={CATALOGUE_ID}
        aria-labelledby="catalogue-heading"
        mt={40}
        gap="lg"
        className={classes.catalogue}
      >
        <Title order={2} id="catalogue-heading">
          {category === MY_TOOLS && state.search === null ? t('home.yourTools') : t('home.exploreTools')}
        </Title>
        {catalogue}
      </Stack>
    </Container>
  )
}
