import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { categoryName } from '../catalogue/category-label.ts'
import controls from '../theme/controls.module.css'
import classes from './home.module.css'

const CONTROL = `mantine-focus-auto mantine-active ${controls.button}`

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
 * Plain buttons styled like Mantine's (there are dozens, rendered with the first paint).
 */
export function CategoryStrip({ categories, selected, onSelect }: CategoryStripProps) {
  const { t } = useTranslation()
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  return (
    <div role="group" aria-label={t('home.categories')} className={classes.strip}>
      <ul id={listId} className={classes.stripList} data-expanded={expanded || undefined}>
        {categories.map((category) => {
          const active = category === selected
          return (
            <li key={category}>
              <button
                type="button"
                className={CONTROL}
                data-size="xs"
                data-radius="xl"
                data-variant={active ? undefined : 'default'}
                aria-pressed={active}
                onClick={() => onSelect(category)}
              >
                <span className={controls.label}>{categoryName(t, category)}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className={CONTROL}
        data-size="xs"
        data-radius="xl"
        data-variant="subtle"
        data-with-right-section
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span className={controls.label}>{expanded ? t('home.showLess') : t('home.showAll')}</span>
        <IconChevronDown size={14} aria-hidden className={controls.section} />
      </button>
    </div>
  )
}
