import { Container, Stack, Text, Title } from '@mantine/core'
import { getRouteApi } from '@tanstack/react-router'

import { usePageTitle } from '../../components/usePageTitle.ts'

const route = getRouteApi('/_authed/form')

/** The tool-builder is admin-only (design decision; the original product had no check). */
export function ToolBuilderPage() {
  usePageTitle('Tool builder')
  const { id } = route.useSearch()
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>{id ? 'Edit tool' : 'Create a tool'}</Title>
        <Text c="dimmed">The tool-builder form will appear here.</Text>
      </Stack>
    </Container>
  )
}
