import { Alert, Anchor, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { memo, useCallback, useEffect, useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import type { GetGenerationOutput } from '@promptly/api/generation/get.schema'
import type { GetToolOutput } from '@promptly/api/tools/get.schema'
import { isUuid } from '@promptly/core/text/uuid'

import { holdsFreshRefusal } from '../app/query-client.ts'
import { useHydrated } from '../app/useHydrated.ts'
import { ToolLogo } from '../catalogue/ToolLogo.tsx'
import { toast } from '../components/toast.ts'
import { usePageTitle } from '../components/usePageTitle.ts'
import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC, useTRPCClient } from '../trpc/client.ts'
import { initialFormValues } from './form-model.ts'
import { GenericGenerator } from './GenericGenerator.tsx'
import { LocalModelBadge } from './LocalModelBadge.tsx'
import { DedicatedToolScreen } from './media/DedicatedToolScreen.tsx'
import { RelatedTools } from './RelatedTools.tsx'
import { ShareBlock } from './ShareBlock.tsx'
import { ToolFaq } from './ToolFaq.tsx'
import { PageMessage, ToolNotFound } from './ToolNotFound.tsx'
import type { RunGeneration } from './useGeneration.ts'
import { useReferralRegistration } from './useReferralRegistration.ts'

export interface GeneratorSearch {
  /** The tool. */
  id?: string
  /** The user id of whoever shared the link (spec spelling). */
  reffered?: string
  /** A history entry whose values fill the form ('Run again'). */
  from?: string
}

const route = getRouteApi('/generate')

/** /generate: the tool's page (anyone may read it; acting asks to sign in), or why there is none. */
export function GeneratorPage() {
  const search = route.useSearch()
  const { user } = useIdentity()
  const { t } = useTranslation('generator')
  useReferralRegistration(search.reffered, user?.id)

  if (!search.id) {
    return (
      <PageMessage title={t('generator.page.title')}>
        <Text c="dimmed">
          <Trans t={t} i18nKey="generator.page.pickTool" components={{ anchor: <Anchor component={Link} to="/" /> }} />
        </Text>
      </PageMessage>
    )
  }
  if (!isUuid(search.id)) return <ToolNotFound />
  return <ToolGenerator toolId={search.id} from={search.from} userId={user?.id ?? null} />
}

/**
 * Memoised: the page above it renders again as the visitor's identity resolves, just after React
 * has taken over the server's markup. The tool's screen is then still server markup (a dedicated
 * screen sits in a Suspense boundary, taken over later, in slices), and new props would make React
 * take it over at once, in one long synchronous task, for an update that changes nothing here.
 */
const ToolGenerator = memo(function ToolGenerator({
  toolId,
  from,
  userId,
}: {
  toolId: string
  from: string | undefined
  userId: string | null
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const toolQuery = trpc.tools.get.queryOptions({ id: toolId })
  // The route's loader started this fetch; its 404 may arrive before this mounts.
  const refused = holdsFreshRefusal(queryClient.getQueryState(toolQuery.queryKey))
  const tool = useQuery({ ...toolQuery, retryOnMount: !refused })
  const [streamedLocalModel, setStreamedLocalModel] = useState(false)
  const { t } = useTranslation('generator')
  usePageTitle(
    tool.data?.tool.name ?? (isNotFound(tool.error) ? t('generator.notFound.title') : t('generator.page.title')),
  )

  if (tool.isPending) return <GeneratorSkeleton />
  if (tool.isError) {
    return isNotFound(tool.error) ? <ToolNotFound /> : <LoadFailed onRetry={() => void tool.refetch()} />
  }

  const { tool: detail, similar } = tool.data
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" component="header">
          <Group gap="md" wrap="nowrap" align="center">
            <ToolLogo src={detail.logo} name={detail.name} size={56} />
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
              {detail.name}
            </Title>
          </Group>
          <Text size="lg" c="dimmed">
            {detail.description}
          </Text>
        </Stack>
        <GeneratorBody tool={detail} from={from} onLocalModel={setStreamedLocalModel} />
        <LocalModelNote streamed={streamedLocalModel} />
        <RelatedTools tools={similar} />
        {userId && <ShareBlock userId={userId} title={detail.name} />}
        <ToolFaq faq={detail.faq} />
      </Stack>
    </Container>
  )
})

/**
 * The local model's note, once the browser has the server's configuration or a run has said so.
 * Its own component: the page around it is not rendered again when the note's inputs change (at
 * hydration, a synchronous render of the whole page that blocked the main thread).
 */
function LocalModelNote({ streamed }: { streamed: boolean }) {
  const trpc = useTRPC()
  const config = useQuery(trpc.system.config.queryOptions(undefined, { staleTime: Infinity, retry: false }))
  // The server rendered no note (it knows nothing of the browser's config answer yet).
  const hydrated = useHydrated()
  return (hydrated && config.data?.localModel === true) || streamed ? <LocalModelBadge /> : null
}

interface GeneratorBodyProps {
  tool: GetToolOutput['tool']
  from: string | undefined
  onLocalModel: (localModel: boolean) => void
}

/** The tool's form and result: the generic form (prefilled when re-running a history entry) or a dedicated screen. */
function GeneratorBody({ tool, from, onLocalModel }: GeneratorBodyProps) {
  const { t } = useTranslation('generator')
  const run = useRunGeneration()
  const onSettled = useRefreshAfterGeneration()
  // Every kind may be refilled; the dedicated ones that cannot (history offers no 'Run again' for
  // them) simply start empty.
  const previous = usePreviousGeneration(tool, tool.upcoming ? undefined : from)
  // One object while the page stands: the memoised form below compares its props.
  const initialValues = useMemo(
    () => initialFormValues(tool.groups, previous.generation?.values ?? null),
    [tool.groups, previous.generation],
  )

  if (tool.upcoming) {
    return (
      <Alert color="violet" variant="light" radius="lg" title={t('generator.page.comingSoon')}>
        {t('generator.page.notAvailable')}
      </Alert>
    )
  }
  if (previous.pending) return <FormSkeleton />
  if (tool.kind !== 'generic') {
    return (
      <DedicatedToolScreen
        key={from ?? 'new'}
        kind={tool.kind}
        toolId={tool.id}
        previous={previous.generation?.request ?? undefined}
        onSettled={onSettled}
      />
    )
  }
  return (
    <GenericGenerator
      // A different history entry is a different starting point for the form.
      key={from ?? 'new'}
      tool={tool}
      initialValues={initialValues}
      run={run}
      onSettled={onSettled}
      onLocalModel={onLocalModel}
    />
  )
}

/** `generation.run` through the streaming link, aborted by the given signal. */
export function useRunGeneration(): RunGeneration {
  const client = useTRPCClient()
  return useCallback<RunGeneration>((input, signal) => client.generation.run.mutate(input, { signal }), [client])
}

/**
 * After a generation, whatever its outcome: the balance the profile shows ('X of Y left') and the
 * history are re-read. When the stream reported the new balance, the cache takes it at once.
 */
export function useRefreshAfterGeneration() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(
    ({ creditsLeft }: { creditsLeft: number | null }) => {
      if (creditsLeft !== null) {
        queryClient.setQueryData(
          trpc.credits.limits.queryKey(),
          (limits) => limits && { ...limits, current_limit: creditsLeft },
        )
      }
      void queryClient.invalidateQueries(trpc.credits.limits.pathFilter())
      void queryClient.invalidateQueries(trpc.generation.history.pathFilter())
    },
    [queryClient, trpc],
  )
}

/**
 * The history entry being re-run (`from`), when it belongs to this tool. If it cannot be read
 * (deleted, someone else's), the form starts empty and says so.
 */
function usePreviousGeneration(
  tool: Pick<GetToolOutput['tool'], 'id' | 'kind'>,
  from: string | undefined,
): { pending: boolean; generation: GetGenerationOutput | null } {
  const trpc = useTRPC()
  const { t } = useTranslation('generator')
  const valid = from !== undefined && isUuid(from)
  const previous = useQuery(
    trpc.generation.get.queryOptions({ id: from ?? '' }, { enabled: valid, retry: false, staleTime: Infinity }),
  )
  const matches = previous.data !== undefined && previous.data.toolId === tool.id && previous.data.kind === tool.kind
  const unusable = valid && (previous.isError || (previous.isSuccess && !matches))
  useEffect(() => {
    if (unusable) toast.info(t('generator.page.runAgainMissing'), 'run-again-missing')
  }, [unusable, t])
  return useMemo(() => {
    if (!valid) return { pending: false, generation: null }
    if (previous.isPending) return { pending: true, generation: null }
    return { pending: false, generation: matches && previous.data ? previous.data : null }
  }, [valid, previous.isPending, previous.data, matches])
}

function GeneratorSkeleton() {
  return (
    <Container size="md" py="xl" aria-busy="true">
      <Stack gap="xl">
        <Group gap="md">
          <Skeleton circle height={56} />
          <Skeleton height={36} width="50%" />
        </Group>
        <Skeleton height={20} />
        <FormSkeleton />
      </Stack>
    </Container>
  )
}

function FormSkeleton() {
  const { t } = useTranslation('generator')
  return (
    <Paper withBorder radius="lg" p="xl" aria-label={t('generator.page.loadingForm')}>
      <Stack gap="md">
        <Skeleton height={60} />
        <Skeleton height={36} />
        <Skeleton height={36} width={140} />
      </Stack>
    </Paper>
  )
}

function isNotFound(error: { data?: { code?: string } | null } | null): boolean {
  return error?.data?.code === 'NOT_FOUND'
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('generator')
  return (
    <PageMessage title={t('generator.page.loadFailedTitle')}>
      <Text c="dimmed">
        <Trans
          t={t}
          i18nKey="generator.page.loadFailed"
          components={{ retry: <Anchor component="button" type="button" onClick={onRetry} /> }}
        />
      </Text>
    </PageMessage>
  )
}
