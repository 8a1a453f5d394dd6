import { Container, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'
import { textParam } from '../navigation/search-params.ts'

export const Route = createFileRoute('/form')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => {
    const id = textParam(search.id)
    return id ? { id } : {}
  },
  component: ToolBuilderPage,
})

/** The tool-builder is admin-only (design decision; the original product had no check). */
function ToolBuilderPage() {
  usePageTitle('Tool builder')
  return (
    <RequireSignIn adminOnly>
      <ToolBuilderContent />
    </RequireSignIn>
  )
}

function ToolBuilderContent() {
  const { id } = Route.useSearch()
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>{id ? 'Edit tool' : 'Create a tool'}</Title>
        <Text c="dimmed">The tool-builder form will appear here.</Text>
      </Stack>
    </Container>
  )
}
