import { MY_TOOLS } from '@promptly/core/catalogue/labels'
import { Accordion, Button, Group, Stack, Tabs, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Dispatch } from 'react'
import { SearchForm } from '../home/SearchForm.tsx'
import classes from './catalogue.module.css'
import { viewKey, type CatalogueAction } from './catalogue-state.ts'
import { MOBILE_MAX_WIDTH_QUERY } from './constants.ts'
import { SearchIcon } from './icons.tsx'
import { CategoryResults, SearchResults } from './ToolResults.tsx'

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

function isMobileNow(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_MAX_WIDTH_QUERY).matches
  )
}

/**
 * The tools catalogue: a search box, then the categories as a tab row (desktop) or an accordion
 * (under 768 px), each showing its tools as cards. Loaded after the hero (its own chunk).
 */
export default function Catalogue(props: CatalogueProps) {
  const mobile = useMediaQuery(MOBILE_MAX_WIDTH_QUERY, isMobileNow(), { getInitialValueInEffect: false })
  const { search, dispatch } = props
  return (
    <Stack gap="lg">
      <SearchForm
        label="Search the catalogue"
        placeholder="Search by name, tagline or category"
        buttonText="Search"
        value={search ?? ''}
        onSearch={(text) => dispatch({ type: 'search', text })}
      />
      {mobile ? <CategoryAccordion {...props} /> : <CategoryTabs {...props} />}
    </Stack>
  )
}

function CategoryTabs({ categories, category, search, dispatch }: CatalogueProps) {
  const keyed = new Map(categories.map((name) => [viewKey('category', name), name]))
  return (
    <>
      <Tabs
        variant="pills"
        radius="xl"
        keepMounted={false}
        activateTabWithKeyboard={false}
        value={search === null ? viewKey('category', category) : null}
        onChange={(key) => {
          const chosen = key === null ? undefined : keyed.get(key)
          if (chosen !== undefined) dispatch({ type: 'select-category', category: chosen })
        }}
      >
        <Tabs.List aria-label="Tool categories" className={classes.tabsList}>
          {[...keyed].map(([key, name]) => (
            <Tabs.Tab key={key} value={key}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {[...keyed].map(([key, name]) => (
          <Tabs.Panel key={key} value={key} pt="xl">
            <CategoryResults category={name} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {search !== null && (
        <Stack gap="lg" component="section" aria-labelledby="search-results-heading">
          <Group justify="space-between" align="center">
            <Title order={3} size="h4" id="search-results-heading">
              Results for “{search}”
            </Title>
            <Button variant="default" size="xs" onClick={() => dispatch({ type: 'clear-search' })}>
              Clear search
            </Button>
          </Group>
          <SearchResults text={search} />
        </Stack>
      )}
    </>
  )
}

type AccordionEntry = { key: string; kind: 'category' | 'search'; text: string }

/** Mobile: one accordion item per category, each search a new item after All Tools (and My Tools). */
function CategoryAccordion({ categories, category, search, searchTabs, dispatch }: CatalogueProps) {
  const leading = categories.slice(0, categories[1] === MY_TOOLS ? 2 : 1)
  const entries: AccordionEntry[] = [
    ...leading.map((text) => ({ key: viewKey('category', text), kind: 'category' as const, text })),
    ...searchTabs.map((text) => ({ key: viewKey('search', text), kind: 'search' as const, text })),
    ...categories.slice(leading.length).map((text) => ({ key: viewKey('category', text), kind: 'category' as const, text })),
  ]
  const byKey = new Map(entries.map((entry) => [entry.key, entry]))
  const openKey = search === null ? viewKey('category', category) : viewKey('search', search)

  return (
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
          entry.kind === 'search' ? { type: 'search', text: entry.text } : { type: 'select-category', category: entry.text },
        )
      }}
    >
      {entries.map((entry) => (
        <Accordion.Item key={entry.key} value={entry.key}>
          <Accordion.Control icon={entry.kind === 'search' ? <SearchIcon size={16} /> : undefined}>
            {entry.text}
          </Accordion.Control>
          <Accordion.Panel>
            {entry.kind === 'search' ? <SearchResults text={entry.text} /> : <CategoryResults category={entry.text} />}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  )
}
