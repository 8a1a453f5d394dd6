import { Container, Stack, Text, Title } from '@mantine/core'

import { usePageTitle } from '../../components/usePageTitle.ts'

export function AdminPage() {
  usePageTitle('Admin')
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>Admin</Title>
        <Text c="dimmed">The user list with manual credit top-up will appear here.</Text>
      </Stack>
    </Container>
  )
}
