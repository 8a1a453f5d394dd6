import { Container, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'

export const Route = createFileRoute('/admin')({
  component: AdminPage,
})

function AdminPage() {
  usePageTitle('Admin')
  return (
    <RequireSignIn adminOnly>
      <Container size="lg" py="xl">
        <Stack gap="sm">
          <Title order={1}>Admin</Title>
          <Text c="dimmed">The user list with manual credit top-up will appear here.</Text>
        </Stack>
      </Container>
    </RequireSignIn>
  )
}
