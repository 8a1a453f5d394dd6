import { Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One part of the builder's form (Details, Form, FAQ): a region named by its heading. */
export function BuilderSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `builder-section-${title.toLowerCase()}`
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
