import { Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface BuilderSectionProps {
  /** The section's id in the page, the same in every language. */
  name: 'details' | 'form' | 'faq'
  title: string
  children: ReactNode
}

/** One part of the builder's form (Details, Form, FAQ): a region named by its heading. */
export function BuilderSection({ name, title, children }: BuilderSectionProps) {
  const headingId = `builder-section-${name}`
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
