import { Badge, Card, Group, Text, Title, type TitleOrder } from '@mantine/core'
import { createContext, use } from 'react'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { BookmarkButton } from './BookmarkButton.tsx'
import classes from './catalogue.module.css'
import { GenerateAction } from './GenerateAction.tsx'
import { ToolLogo } from './ToolLogo.tsx'

/**
 * The level of the cards' headings: one below the heading of the section holding the grid. Cards
 * under the catalogue's h2 are h3 (the default); a section with a heading of its own (search
 * results, an accordion item) provides one level further down.
 */
export const CardHeadingLevel = createContext<TitleOrder>(3)

/** One tool in the catalogue grid: logo, name, tagline (3 lines at most), Generate, bookmark. */
export function ToolCardView({ tool }: { tool: ToolCard }) {
  const headingLevel = use(CardHeadingLevel)
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      aria-labelledby={`tool-${tool.id}-name`}
      data-testid="tool-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <ToolLogo src={tool.logo} />
        <BookmarkButton tool={tool} />
      </Group>
      <Title order={headingLevel} size="h5" id={`tool-${tool.id}-name`} mt="md" lh={1.3}>
        {tool.name}
      </Title>
      {tool.upcoming && (
        <Badge variant="light" color="gray" size="sm" mt={6}>
          Upcoming
        </Badge>
      )}
      <Text size="sm" c="dimmed" lineClamp={3} mt={6} className={classes.tagline}>
        {tool.tagLine}
      </Text>
      <Group mt="md">
        <GenerateAction tool={tool} />
      </Group>
    </Card>
  )
}
