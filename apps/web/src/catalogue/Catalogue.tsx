import { Accordion, Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs'
import { useQuery } from '@tanstack/react-query'
import { memo, startTransition, use, useEffect, useState, type Dispatch } from 'react'
import { useTranslation } from 'react-i18next'

import { ALL_TOOLS, MY_TOOLS } from '@promptly/core/catalogue/labels'
import type { ScreenGuess } from '@promptly/core/web/page-renderer'

import { ServerScreenGuess } from '../app/server-screen-guess.ts'
import { SearchForm } from '../home/SearchForm.tsx'
import { useTRPC } from '../trpc/client.ts'
import { catalogueQueryOptions } from './catalogue-queries.ts'
import { viewKey, type CatalogueAction } from './catalogue-state.ts'
import classes from './catalogue.module.css'
import { categoryName } from './category-label.ts'
import { MOBILE_MAX_WIDTH_QUERY } from './constants.ts'
import { CardHeadingLevel } from './ToolCardView.tsx'
import { CategoryResults, SearchResults } from './ToolResults.tsx'
import { ToolsLoader } from './ToolsLoader.tsx'

export interface CatalogueProps {
  /** The categories offered, All Tools first (My Tools second when signed in). */
  categories: string[]
  /** The category shown when no search is. */
  category: string
  /** The search whose results are shown, if any. */
  search: string | null
  /** Searches made so far, newest first: tabs of their own on mobile. */
  searchTabs: string[]
  dispatch: Dispatch<CatalogueAction>
}

/** Marks the catalogue's root with its layout: a hydrating catalogue reads the server's there. */
const LAYOUT_ATTRIBUTE = 'data-catalogue-layout'
type Layout = 'tabs' | 'accordion'

function layoutNow(): Layout {
  const mobile = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MAX_WIDTH_QUERY).matches
  return mobile ? 'accordion' : 'tabs'
}

/**
 * The layout of the first render. On the server: the accordion when the request looks like a phone's
 * (ServerScreenGuess). In the browser: the one the server rendered, when this render takes over its
 * markup, else the window's.
 */
function firstLayout(serverGuess: ScreenGuess): Layout {
  if (typeof document === 'undefined') return serverGuess === 'phone' ? 'accordion' : 'tabs'
  const rendered = document.querySelector(`[${LAYOUT_ATTRIBUTE}]`)?.getAttribute(LAYOUT_ATTRIBUTE)
  return rendered === 'tabs' || rendered === 'accordion' ? rendered : layoutNow()
}

/**
 * Tabs from 768 px wide, an accordion under it. A page taking over the server's markup renders the
 * server's layout first, so the markup matches; when the server guessed the screen wrong it then
 * switches as a transition: React renders the other layout in slices between other work instead
 * of in one synchronous task after hydration (as a store whose server snapshot differs would).
 */
function useLayout(): Layout {
  const serverGuess = use(ServerScreenGuess)
  const [layout, setLayout] = useState(() => firstLayout(serverGuess))
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const follow = () => startTransition(() => setLayout(layoutNow()))
    follow()
    const query = window.matchMedia(MOBILE_MAX_WIDTH_QUERY)
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
  return layout
}

/**
 * The tools catalogue: a search box, then the categories as a tab row (desktop) or an accordion
 * (under 768 px), each showing its tools as cards. Loaded after the hero (its own chunk). Memoised:
 * the home page re-renders when the sign-in state resolves, which changes nothing here, and the
 * dozens of cards below would otherwise re-render with it.
 */
export default memo(function Catalogue(props: CatalogueProps) {
  const { t } = useTranslation()
  const layout = useLayout()
  const { search, dispatch } = props
  return (
    <Stack gap="lg" data-catalogue-layout={layout}>
      <SearchForm
        label={t('catalogue.search.label')}
        placeholder={t('catalogue.search.placeholder')}
        buttonText={t('catalogue.search.button')}
        value={search ?? ''}
        onSearch={(text) => dispatch({ type: 'search', text })}
      />
      <CategoriesFailure />
      {layout === 'accordion' ? <CategoryAccordion {...props} /> : <CategoryTabs {...props} />}
    </Stack>
  )
})

/**
 * Without the category list only All Tools is offered (the home page's strip is not shown): say
 * so, with a retry. Reads the query the home page started; only Try again asks again. While the
 * retry runs the button ignores presses but keeps focus (not disabled).
 */
function CategoriesFailure() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const categories = useQuery({
    ...trpc.tools.categories.queryOptions(undefined, catalogueQueryOptions),
    retryOnMount: false,
  })
  // A retry puts the query back to pending (it has no data): the alert stays, retrying, until
  // the list arrives or the retry fails too.
  if (categories.data !== undefined || categories.errorUpdateCount === 0) return null
  const retrying = categories.isFetching
  return (
    <Alert color="red" variant="light" title={t('catalogue.categoriesFailed.title')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('catalogue.categoriesFailed.text', { allTools: categoryName(t, ALL_TOOLS) })}</Text>
        <Button
          variant="default"
          size="xs"
          aria-disabled={retrying || undefined}
          onClick={retrying ? undefined : () => void categories.refetch()}
        >
          {retrying ? t('catalogue.retrying') : t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  )
}

/**
 * The spinner while the category to show is not offered yet: My Tools asked for with `?mytools`
 * while the sign-in is still loading.
 */
function WaitingForCategory({ category }: { category: string }) {
  const { t } = useTranslation()
  return <ToolsLoader label={t('catalogue.loading.category', { category: categoryName(t, category) })} />
}

function CategoryTabs({ categories, category, search, dispatch }: CatalogueProps) {
  const { t } = useTranslation()
  const keyed = new Map(categories.map((name) => [viewKey('category', name), name]))
  const shownKey = viewKey('category', category)
  const offered = keyed.has(shownKey)
  return (
    <>
      <Tabs
        variant="pills"
        radius="xl"
        keepMounted={false}
        activateTabWithKeyboard={false}
        // A value no tab has would take every tab out of the keyboard's reach (tabindex -1).
        value={search === null && offered ? shownKey : null}
        onChange={(key) => {
          const chosen = key === null ? undefined : keyed.get(key)
          if (chosen !== undefined) dispatch({ type: 'select-category', category: chosen })
        }}
      >
        <Tabs.List aria-label={t('catalogue.tabs')} className={classes.tabsList}>
          {[...keyed].map(([key, name]) => (
            <Tabs.Tab key={key} value={key}>
              {categoryName(t, name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {[...keyed].map(([key, name]) => (
          <Tabs.Panel key={key} value={key} pt="xl">
            <CategoryResults category={name} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {search === null && !offered && <WaitingForCategory category={category} />}
      {search !== null && (
        <Stack gap="lg" component="section" aria-labelledby="search-results-heading">
          <Group justify="space-between" align="center">
            <Title order={3} size="h4" id="search-results-heading">
              {t('catalogue.search.resultsFor', { text: search })}
            </Title>
            <Button variant="default" size="xs" onClick={() => dispatch({ type: 'clear-search' })}>
              {t('catalogue.search.clear')}
            </Button>
          </Group>
          <CardHeadingLevel value={4}>
            <SearchResults text={search} />
          </CardHeadingLevel>
        </Stack>
      )}
    </>
  )
}

type AccordionEntry = { key: string; kind: 'category' | 'search'; text: string }

/** Mobile: one accordion item per category, each search a new item after All Tools (and My Tools). */
function CategoryAccordion({ categories, category, search, searchTabs, dispatch }: CatalogueProps) {
  const { t } = useTranslation()
  const leading = categories.slice(0, categories[1] === MY_TOOLS ? 2 : 1)
  const entries: AccordionEntry[] = [
    ...leading.map((text) => ({ key: viewKey('category', text), kind: 'category' as const, text })),
    ...searchTabs.map((text) => ({ key: viewKey('search', text), kind: 'search' as const, text })),
    ...categories
      .slice(leading.length)
      .map((text) => ({ key: viewKey('category', text), kind: 'category' as const, text })),
  ]
  const byKey = new Map(entries.map((entry) => [entry.key, entry]))
  const openKey = search === null ? viewKey('category', category) : viewKey('search', search)

  return (
    <>
      <Accordion
        variant="separated"
        radius="md"
        data-testid="category-accordion"
        order={3}
        value={openKey}
        disableCollapse
        keepMounted={false}
        onChange={(key) => {
          const entry = key === null ? undefined : byKey.get(key)
          if (!entry) return
          dispatch(
            entry.kind === 'search'
              ? { type: 'search', text: entry.text }
              : { type: 'select-category', category: entry.text },
          )
        }}
      >
        {entries.map((entry) => (
          <Accordion.Item key={entry.key} value={entry.key}>
            <Accordion.Control icon={entry.kind === 'search' ? <IconSearch size={16} aria-hidden /> : undefined}>
              {entry.kind === 'category' ? categoryName(t, entry.text) : entry.text}
            </Accordion.Control>
            <Accordion.Panel>
              <CardHeadingLevel value={4}>
                {entry.kind === 'search' ? (
                  <SearchResults text={entry.text} />
                ) : (
                  <CategoryResults category={entry.text} />
                )}
              </CardHeadingLevel>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {!byKey.has(openKey) && <WaitingForCategory category={category} />}
    </>
  )
}
