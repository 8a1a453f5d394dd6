import { Badge, type TitleOrder } from '@mantine/core'
import { createContext, use } from 'react'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { useSharedTranslation } from '../i18n/shared-translation.tsx'
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

/**
 * One tool in the catalogue grid: logo, name, tagline (3 lines at most), Generate, bookmark. Plain
 * elements styled like Mantine's Card, Title and Text (catalogue.module.css): the home page shows
 * dozens of cards at once, and Mantine's components cost a style computation and wrapper elements each.
 */
export function ToolCardView({ tool }: { tool: ToolCard }) {
  const { t } = useSharedTranslation()
  const Heading = `h${use(CardHeadingLevel)}` as const
  return (
    <article className={classes.card} aria-labelledby={`tool-${tool.id}-name`} data-testid="tool-card">
      <ToolLogo src={tool.logo} name={tool.name} />
      <BookmarkButton tool={tool} className={classes.cardBookmark} />
      <Heading id={`tool-${tool.id}-name`} className={classes.cardName}>
        {tool.name}
      </Heading>
      {tool.upcoming && (
        <Badge variant="light" color="gray" size="sm" mt={6}>
          {t('catalogue.card.upcoming')}
        </Badge>
      )}
      <p className={classes.tagline}>{tool.tagLine}</p>
      <GenerateAction tool={tool} className={classes.cardAction} />
    </article>
  )
}
