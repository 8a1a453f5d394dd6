import { Stack, Title, type MantineSpacing } from '@mantine/core'
import type { ReactNode } from 'react'

import { SectionCard } from './SectionCard.tsx'

interface HeadedSectionProps {
  /** The heading's id is `${id}-heading`; the section is named by it. */
  id: string
  title: ReactNode
  /** A bordered card (the profile's sections) or a plain section (the generator page's). */
  card?: boolean
  gap?: MantineSpacing
  children: ReactNode
}

/**
 * A section of a page under its own level-2 heading, named by that heading for screen readers'
 * landmark lists.
 */
export function HeadedSection({ id, title, card = false, gap = 'sm', children }: HeadedSectionProps) {
  const headingId = `${id}-heading`
  const content = (
    <Stack gap={gap}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  )
  return card ? (
    <SectionCard aria-labelledby={headingId}>{content}</SectionCard>
  ) : (
    <section aria-labelledby={headingId}>{content}</section>
  )
}
