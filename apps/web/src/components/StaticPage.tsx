import { Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

import { usePageTitle } from './usePageTitle.ts'

interface StaticPageProps {
  title: string
  /** A line under the heading, e.g. "Last updated ...". */
  lead?: ReactNode
  children?: ReactNode
}

/** Layout for text pages: one h1, sections as h2. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  usePageTitle(title)
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }} component="article">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {lead && <Text c="dimmed">{lead}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  )
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text lh={1.7}>{children}</Text>
}
