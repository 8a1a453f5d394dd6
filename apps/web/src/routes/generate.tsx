import { MESSAGES } from '@promptly/core/messages'
import { Container, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'
import { textParam } from '../navigation/search-params.ts'

export const Route = createFileRoute('/generate')({
  validateSearch: (search: Record<string, unknown>): { id?: string; reffered?: string } => {
    const id = textParam(search.id)
    const reffered = textParam(search.reffered)
    return { ...(id ? { id } : {}), ...(reffered ? { reffered } : {}) }
  },
  component: GeneratePage,
})

function GeneratePage() {
  usePageTitle('Generate')
  return (
    <RequireSignIn signedOutMessage={MESSAGES.signInToContinue}>
      <GenerateContent />
    </RequireSignIn>
  )
}

function GenerateContent() {
  const { id } = Route.useSearch()
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>Generate</Title>
        <Text c="dimmed">
          {id ? 'This tool’s form is on its way.' : 'Pick a tool from the catalogue to start generating.'}
        </Text>
      </Stack>
    </Container>
  )
}
