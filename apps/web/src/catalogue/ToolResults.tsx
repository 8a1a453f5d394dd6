import { MY_TOOLS } from '@promptly/core/catalogue/labels'
import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC } from '../trpc/client.ts'
import classes from './catalogue.module.css'
import { catalogueQueryOptions } from './catalogue-queries.ts'
import { ToolCardView } from './ToolCardView.tsx'
import { ToolsLoader } from './ToolsLoader.tsx'

/** The cards of one category (My Tools: the user's bookmarks). */
export function CategoryResults({ category }: { category: string }) {
  return category === MY_TOOLS ? <MyToolsResults /> : <LabelResults category={category} />
}

function LabelResults({ category }: { category: string }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.tools.byCategory.queryOptions({ category }, catalogueQueryOptions))
  return (
    <ToolResultsView
      label={category}
      tools={query.data}
      loading={query.isPending}
      failed={query.isError}
      retry={() => void query.refetch()}
      empty={<EmptyResults title="No tools found" description={`There are no tools in ${category} yet.`} />}
    />
  )
}

function MyToolsResults() {
  const trpc = useTRPC()
  const { status } = useIdentity()
  const query = useQuery(
    trpc.bookmarks.list.queryOptions(undefined, { ...catalogueQueryOptions, enabled: status === 'signed-in' }),
  )
  return (
    <ToolResultsView
      label={MY_TOOLS}
      tools={query.data}
      loading={query.isPending}
      failed={query.isError}
      retry={() => void query.refetch()}
      empty={
        <EmptyResults
          title="No bookmarks yet"
          description="Bookmark a tool with the bookmark button on its card and it will wait for you here."
        />
      }
    />
  )
}

/** The cards matching a search. */
export function SearchResults({ text }: { text: string }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.tools.search.queryOptions({ text }, catalogueQueryOptions))
  return (
    <ToolResultsView
      label={`results for “${text}”`}
      tools={query.data}
      loading={query.isPending}
      failed={query.isError}
      retry={() => void query.refetch()}
      empty={<EmptyResults title="No tools found" description={`Nothing matches “${text}”. Try another word.`} />}
    />
  )
}

interface ToolResultsViewProps {
  /** What is listed, for the loader's accessible label ("Loading SEO Tools"). */
  label: string
  tools: ToolCard[] | undefined
  loading: boolean
  failed: boolean
  retry: () => void
  empty: ReactNode
}

/** Spinner while loading, a retry on failure, the empty message, or the grid. */
export function ToolResultsView({ label, tools, loading, failed, retry, empty }: ToolResultsViewProps) {
  if (loading && !failed) return <ToolsLoader label={`Loading ${label}`} />
  if (failed || !tools) {
    return (
      <Stack align="center" gap="sm" py="xl" role="alert" className={classes.results}>
        <Text>The tools could not be loaded.</Text>
        <Button variant="default" onClick={retry}>
          Try again
        </Button>
      </Stack>
    )
  }
  if (tools.length === 0) return <div className={classes.results}>{empty}</div>
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" className={classes.results} data-testid="tool-grid">
      {tools.map((tool) => (
        <ToolCardView key={tool.id} tool={tool} />
      ))}
    </SimpleGrid>
  )
}

function EmptyResults({ title, description }: { title: string; description: string }) {
  return (
    <Stack align="center" gap={4} py={48} ta="center" role="status">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" maw={420}>
        {description}
      </Text>
    </Stack>
  )
}
