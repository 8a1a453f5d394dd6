import { Container, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { MY_TOOLS } from '@promptly/core/catalogue/labels'

import { catalogueQueryOptions, markCategoryForRefetch } from '../catalogue/catalogue-queries.ts'
import {
  catalogueReducer,
  initialCatalogueState,
  newlyShownCategory,
  shownCategory,
  visibleCategories,
  type CatalogueAction,
} from '../catalogue/catalogue-state.ts'
import { MY_TOOLS_PARAM_TTL_MS } from '../catalogue/constants.ts'
import { loadCatalogue } from '../catalogue/load-catalogue.ts'
import { ToolsLoader } from '../catalogue/ToolsLoader.tsx'
import { useRemoveParamLater, withoutParam } from '../catalogue/useRemoveParamLater.ts'
import { toast } from '../components/toast.ts'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC } from '../trpc/client.ts'
import { CategoryStrip } from './CategoryStrip.tsx'
import type { HomeSearch } from './home-search.ts'
import classes from './home.module.css'
import { SearchForm } from './SearchForm.tsx'

// The catalogue sits below the hero: its code (tabs, accordion, cards) loads in parallel with its
// first data instead of weighing on the first paint (the route's loader starts it).
const Catalogue = lazy(loadCatalogue)

const route = getRouteApi('/')
/**
 * Stands for the brand in the hero's title, which each language places where its grammar wants:
 * the text around it is split there and the brand drawn in its gradient (react-i18next's <Trans>
 * would do it too, at 5 kB of the home page's JavaScript).
 */
const BRAND_MARK = '\u2063'
const CATALOGUE_ID = 'catalogue'

function scrollToCatalogue() {
  document.getElementById(CATALOGUE_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}

/** Home: hero with search, category strip, and the tools catalogue. */
export function HomePage() {
  const { t } = useTranslation()
  usePageTitle('')
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { mytools } = route.useSearch()
  const { status } = useIdentity()

  // `?mytools` counts at load only; the address loses it after 5 s, other parameters kept.
  const [openMyTools] = useState(() => mytools === true)
  const [state, apply] = useReducer(catalogueReducer, openMyTools, initialCatalogueState)
  // Read by dispatch, which stays the same function so the memoised catalogue does not re-render.
  const stateNow = useRef(state)
  useLayoutEffect(() => {
    stateNow.current = state
  }, [state])
  // Choosing a category shows its cached cards and refetches them (spec §4).
  const dispatch = useCallback(
    (action: CatalogueAction) => {
      const category = newlyShownCategory(stateNow.current, action)
      if (category !== null) markCategoryForRefetch(queryClient, trpc, category)
      apply(action)
    },
    [queryClient, trpc],
  )
  useRemoveParamLater(
    mytools === true,
    () =>
      void navigate({
        to: '/',
        search: (prev) => withoutParam(prev, 'mytools') as HomeSearch,
        hash: true,
        replace: true,
        resetScroll: false,
      }),
    MY_TOOLS_PARAM_TTL_MS,
  )

  // Once the identity is known: show My Tools (scrolled to), or say why not. Once only, so a later
  // sign-out on this page does not repeat it.
  const myToolsAnswered = useRef(false)
  useEffect(() => {
    if (!openMyTools || status === 'loading' || myToolsAnswered.current) return
    myToolsAnswered.current = true
    if (status === 'signed-out') toast.error(t('home.signInToViewBookmarks'), 'view-bookmarks-signed-out')
    else scrollToCatalogue()
  }, [openMyTools, status, t])

  const [titleBefore, titleAfter] = t('home.hero.title', { brand: BRAND_MARK }).split(BRAND_MARK)
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
      <Stack align="center" ta="center" gap="lg">
        <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1} maw={820}>
          {titleBefore}
          <Text span inherit variant="gradient" gradient={{ from: 'violet.6', to: 'grape.5', deg: 90 }}>
            Promptly
          </Text>
          {titleAfter}
        </Title>
        <Text size="xl" c="dimmed" maw={680}>
          {t('home.hero.lead')}
        </Text>
        <Stack w="100%" maw={640} mt="sm">
          <SearchForm
            label={t('home.search.label')}
            placeholder={t('home.search.placeholder')}
            buttonText={t('home.search.button')}
            size="lg"
            onSearch={(text) => {
              dispatch({ type: 'search', text })
              scrollToCatalogue()
            }}
          />
        </Stack>
      </Stack>

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
