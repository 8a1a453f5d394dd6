import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'

export const Route = createFileRoute('/')({
  component: HomePage,
})

function HomePage() {
  usePageTitle('')
  return (
    <Container size="lg" py={{ base: 48, sm: 80 }}>
      <Stack align="center" ta="center" gap="lg">
        <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1} maw={820}>
          Unlock the Power of AI with{' '}
          <Text span inherit variant="gradient" gradient={{ from: 'violet.6', to: 'grape.5', deg: 90 }}>
            Promptly
          </Text>
        </Title>
        <Text size="xl" c="dimmed" maw={680}>
          Promptly harnesses cutting-edge AI tools to write bios, captions, SEO copy, blog posts and more, with
          daily updates that keep the collection growing.
        </Text>
      </Stack>

      <Paper
        component="section"
        aria-labelledby="catalogue-heading"
        data-testid="catalogue-placeholder"
        withBorder
        radius="lg"
        p="xl"
        mt={56}
      >
        <Stack gap="xs" align="center" ta="center">
          <Title order={2} id="catalogue-heading" size="h3">
            All Tools
          </Title>
          <Text c="dimmed">The tools catalogue, with search and categories, is arriving here shortly.</Text>
        </Stack>
      </Paper>
    </Container>
  )
}
