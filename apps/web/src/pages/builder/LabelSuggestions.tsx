import { Combobox } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { LABEL_LIST_MAX_HEIGHT } from './label-options.ts'

interface LabelSuggestionsProps {
  listId: string
  /** The listbox's accessible name. */
  listLabel: string
  /** The labels that match the typed text, in the order they are listed. */
  matches: readonly string[]
  /** The index of the highlighted match; -1 for none. */
  active: number
  optionId: (index: number) => string
  nameOf: (label: string) => string
}

/** The label picker's dropdown: the matching labels as a listbox, or a status that says none match. */
export function LabelSuggestions({ listId, listLabel, matches, active, optionId, nameOf }: LabelSuggestionsProps) {
  const { t } = useTranslation('admin')
  return (
    <Combobox.Dropdown>
      {matches.length === 0 ? (
        <Combobox.Empty role="status">{t('builder.labels.noResults')}</Combobox.Empty>
      ) : (
        <Combobox.Options
          id={listId}
          aria-label={listLabel}
          style={{ maxHeight: LABEL_LIST_MAX_HEIGHT, overflowY: 'auto' }}
        >
          {matches.map((match, index) => (
            <Combobox.Option
              key={match}
              value={match}
              id={optionId(index)}
              selected={index === active}
              aria-selected={index === active}
            >
              {nameOf(match)}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      )}
    </Combobox.Dropdown>
  )
}
