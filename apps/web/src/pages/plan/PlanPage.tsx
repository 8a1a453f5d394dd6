import { Container, Stack, Text, Title } from '@mantine/core'

import { usePageTitle } from '../../components/usePageTitle.ts'

export function PlanPage() {
  usePageTitle('Pricing')
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>Choose a plan</Title>
        <Text c="dimmed">
          Every new account starts on a free 7-day trial. Credit packs to keep generating will be offered here.
        </Text>
      </Stack>
    </Container>
  )
}
