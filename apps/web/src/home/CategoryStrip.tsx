import { Button } from '@mantine/core'
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs'
import { useId, useState } from 'react'

import classes from './home.module.css'

interface CategoryStripProps {
  categories: string[]
  /** The highlighted category; null while a search is shown. */
  selected: string | null
  onSelect: (category: string) => void
}

/**
 * The home page's category buttons: one row that scrolls sideways, or (expanded) every category
 * wrapped onto several rows. The selected one is highlighted and marked pressed. A named group,
 * not a navigation landmark: the buttons choose what the catalogue shows, they lead nowhere.
 */
export function CategoryStrip({ categories, selected, onSelect }: CategoryStripProps) {
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  return (
    <div role="group" aria-label="Categories" className={classes.strip}>
      <ul id={listId} className={classes.stripList} data-expanded={expanded || undefined}>
        {categories.map((category) => {
          const active = category === selected
          return (
            <li key={category}>
              <Button
                size="xs"
                radius="xl"
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => onSelect(category)}
              >
                {category}
              </Button>
            </li>
          )
        })}
      </ul>
      <Button
        size="xs"
        radius="xl"
        variant="subtle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        rightSection={<IconChevronDown size={14} aria-hidden />}
      >
        {expanded ? 'Show less' : 'Show all'}
      </Button>
    </div>
  )
}
