import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { toolId as toolIdSchema } from '@promptly/api/tools/tool.schema'

import { usePageTitle } from '../../components/usePageTitle.ts'
import { useIdentity } from '../../identity/identity-context.ts'
import { draftFromTool, emptyDraft } from './tool-draft.ts'
import { ToolEditor } from './ToolEditor.tsx'
import { ToolSwitcher } from './ToolSwitcher.tsx'
import { useBuiltTool } from './useBuiltTool.ts'

const route = getRouteApi('/_authed/form')

/**
 * /form: without an id a new tool, with one the saved tool to change (spec: Tool-builder). Admins
 * build catalogue tools; anyone else builds private tools that only they can open.
 */
export function ToolBuilderPage() {
  const { id } = route.useSearch()
  const isAdmin = useIdentity().user?.isAdmin === true
  const { t } = useTranslation('admin')
  const title = id ? t('builder.page.editTitle') : t('builder.page.createTitle')
  usePageTitle(title)
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{isAdmin ? t('builder.page.adminIntro') : t('builder.page.userIntro')}</Text>
          </Stack>
          <ToolSwitcher isAdmin={isAdmin} currentId={id} />
        </Group>
        {id === undefined ? (
          <NewTool isAdmin={isAdmin} />
        ) : toolIdSchema.safeParse(id).success ? (
          <SavedTool key={id} id={id} isAdmin={isAdmin} />
        ) : (
          <ToolNotFound />
        )}
      </Stack>
    </Container>
  )
}

function NewTool({ isAdmin }: { isAdmin: boolean }) {
  const initial = useMemo(() => emptyDraft(), [])
  return <ToolEditor key="new" initial={initial} tool={undefined} isAdmin={isAdmin} />
}

function SavedTool({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const tool = useBuiltTool(id, isAdmin)
  const { t } = useTranslation('admin')
  const initial = useMemo(() => (tool.data ? draftFromTool(tool.data) : null), [tool.data])
  if (tool.isPending) return <Skeleton height={480} radius="lg" aria-label={t('builder.page.loading')} />
  if (tool.isError || initial === null) return <ToolNotFound />
  return <ToolEditor initial={initial} tool={tool.data} isAdmin={isAdmin} />
}

function ToolNotFound() {
  const { t } = useTranslation('admin')
  return (
    <Text role="alert">
      <Trans t={t} i18nKey="builder.page.notFound" components={{ anchor: <Anchor component={Link} to="/form" /> }} />
    </Text>
  )
}
