import { Anchor, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { usePageTitle } from '../components/usePageTitle.ts'

export const NOT_FOUND_TITLE = 'Tool not found'

/** An id that names no published tool; also the route's not-found page (a 404 from the server). */
export function ToolNotFound() {
  return (
    <PageMessage title={NOT_FOUND_TITLE}>
      <Text c="dimmed">
        This tool does not exist or is no longer available.{' '}
        <Anchor component={Link} to="/">
          Browse all tools
        </Anchor>
        .
      </Text>
    </PageMessage>
  )
}

/** A page that is only a heading and a line; it names the document after itself. */
export function PageMessage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <Container size="md" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  )
}
