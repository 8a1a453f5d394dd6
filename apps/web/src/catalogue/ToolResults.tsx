import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { use, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { MY_TOOLS } from '@promptly/core/catalogue/labels'

import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC } from '../trpc/client.ts'
import { catalogueQueryOptions } from './catalogue-queries.ts'
import classes from './catalogue.module.css'
import { categoryName } from './category-label.ts'
import { RefreshFailedNote } from './RefreshFailedNote.tsx'
import { CardHeadingLevel, ToolCardView } from './ToolCardView.tsx'
import { ToolsLoader } from './ToolsLoader.tsx'

/** The cards of one category (My Tools: the tools the user built, and their bookmarks). */
export function CategoryResults({ category }: { category: string }) {
  return category === MY_TOOLS ? <MyToolsResults /> : <LabelResults category={category} />
}

function LabelResults({ category }: { category: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const query = useQuery(trpc.tools.byCategory.queryOptions({ category }, catalogueQueryOptions))
  const name = categoryName(t, category)
  return (
    <ToolResultsView
      loadingLabel={t('catalogue.loading.category', { category: name })}
      query={query}
      empty={
        <EmptyResults
          title={t('catalogue.empty.title')}
          description={t('catalogue.empty.category', { category: name })}
        />
      }
    />
  )
}

function MyToolsResults() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const enabled = useIdentity().status === 'signed-in'
  const options = { ...catalogueQueryOptions, enabled }
  const bookmarks = useQuery(trpc.bookmarks.list.queryOptions(undefined, options))
  const own = useQuery(trpc.tools.personal.list.queryOptions(undefined, options))
  const bookmarked = new Set(bookmarks.data?.map((tool) => tool.id))
  // The tools the user built come first (once, when also bookmarked), then the bookmarks.
  const query = {
    data: bookmarks.data && [...(own.data ?? []).filter((tool) => !bookmarked.has(tool.id)), ...bookmarks.data],
    isPending: bookmarks.isPending,
    isError: bookmarks.isError || own.isError,
    isFetching: bookmarks.isFetching || own.isFetching,
    refetch: () => Promise.all([bookmarks.refetch(), own.refetch()]),
  }
  return (
    <ToolResultsView
      loadingLabel={t('catalogue.loading.category', { category: categoryName(t, MY_TOOLS) })}
      query={query}
      empty={<EmptyResults title={t('catalogue.empty.bookmarksTitle')} description={t('catalogue.empty.bookmarks')} />}
    />
  )
}

/** The cards matching a search. */
export function SearchResults({ text }: { text: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const query = useQuery(trpc.tools.search.queryOptions({ text }, catalogueQueryOptions))
  return (
    <ToolResultsView
      loadingLabel={t('catalogue.loading.results', { text })}
      query={query}
      empty={<EmptyResults title={t('catalogue.empty.title')} description={t('catalogue.empty.search', { text })} />}
    />
  )
}

/** What the view reads of a tool-list query (TanStack Query's result). */
interface ToolsQuery {
  data: ToolCard[] | undefined
  isPending: boolean
  /** The last fetch failed (with TanStack Query the cards of an earlier one may still be there). */
  isError: boolean
  /** A fetch is under way (after a failure: the retry). */
  isFetching: boolean
  refetch: () => unknown
}

interface ToolResultsViewProps {
  /** The loader's accessible label ("Loading SEO Tools"). */
  loadingLabel: string
  query: ToolsQuery
  empty: ReactNode
}

/**
 * Spinner while loading, a retry when nothing could be loaded, the empty message, or the grid.
 * A failed refetch keeps the cards already shown and adds a small note with Try again.
 */
export function ToolResultsView({ loadingLabel, query, empty }: ToolResultsViewProps) {
  const { t } = useTranslation()
  const { data: tools, isPending: loading, isError: failed, isFetching: retrying } = query
  const retry = () => void query.refetch()
  if (tools === undefined) {
    if (loading && !failed) return <ToolsLoader label={loadingLabel} />
    return (
      <Stack align="center" gap="sm" py="xl" role="alert" className={classes.results}>
        <Text>{t('catalogue.loadFailed')}</Text>
        <Button variant="default" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    )
  }
  const note = failed && <RefreshFailedNote message={t('catalogue.refreshFailed')} retrying={retrying} retry={retry} />
  if (tools.length === 0) {
    return (
      <div className={classes.results}>
        {note}
        {empty}
      </div>
    )
  }
  return (
    <>
      {note}
      {/* Rows may be dropped (My Tools): a toggle removed with focus hands it to its neighbour. */}
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
        spacing="lg"
        className={classes.results}
        data-testid="tool-grid"
        data-bookmark-list
      >
        {tools.map((tool) => (
          <ToolCardView key={tool.id} tool={tool} />
        ))}
      </SimpleGrid>
    </>
  )
}

function EmptyResults({ title, description }: { title: string; description: string }) {
  return (
    <Stack align="center" gap={4} py={48} ta="center" role="status">
      {/* At the level the cards would have had: below the section's heading wherever it shows. */}
      <Title order={use(CardHeadingLevel)} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {description}
      </Text>
    </Stack>
  )
}
