import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core'
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { LabelSuggestions } from './LabelSuggestions.tsx'
import { useLabelPicker } from './useLabelPicker.ts'

interface LabelPickerProps {
  id: string
  label: string
  description?: string
  /** The suggestions, in the order they are listed. */
  options: readonly string[]
  value: readonly string[]
  onChange: (labels: string[]) => void
  error?: ReactNode
  /** What a label reads as (the chips and suggestions show it, typing searches it); by default itself. */
  nameOf?: (label: string) => string
}

const itself = (label: string) => label

/**
 * Chips with type-ahead (spec: Tool-builder), on Mantine's Combobox: the text field owns a listbox
 * of the matching labels and points at the highlighted one with aria-activedescendant, so the focus
 * never leaves the field. The picker keeps the highlight itself rather than through the combobox
 * store, which marks it only with a data attribute: screen readers need aria-selected on it, and
 * adding a label from Tab or from typed text is the picker's own rule.
 */
export function LabelPicker(props: LabelPickerProps) {
  const { id, label, description, options, value, onChange, error, nameOf = itself } = props
  const { t } = useTranslation('admin')
  const picker = useLabelPicker({ id, options, value, onChange, nameOf })
  const fieldRef = useRef<HTMLInputElement>(null)
  const listId = `${id}-listbox`
  const combobox = useCombobox({ opened: picker.open, onOpenedChange: (opened) => !opened && picker.close() })

  const remove = (chip: string) => {
    onChange(value.filter((other) => other !== chip))
    // The pressed button goes with its chip: the focus stays in the picker.
    fieldRef.current?.focus()
  }

  return (
    <Combobox store={combobox} onOptionSubmit={picker.add} withinPortal={false} keepMounted={false} shadow="md">
      <Combobox.DropdownTarget>
        <PillsInput id={id} label={label} description={description} error={error} onClick={picker.openList}>
          <Pill.Group>
            {value.map((chip) => (
              <Pill
                key={chip}
                withRemoveButton
                onRemove={() => remove(chip)}
                // Mantine hides the remove button from the keyboard and screen readers; here each chip
                // can be removed by either, not only the last one by Backspace.
                removeButtonProps={{
                  'aria-label': t('builder.labels.remove', { label: nameOf(chip) }),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {nameOf(chip)}
              </Pill>
            ))}
            <PillsInput.Field
              ref={fieldRef}
              id={id}
              role="combobox"
              aria-expanded={picker.open}
              aria-controls={picker.open && picker.matches.length > 0 ? listId : undefined}
              aria-autocomplete="list"
              aria-activedescendant={picker.activeOptionId}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              autoComplete="off"
              placeholder={value.length === 0 ? t('builder.labels.placeholder') : undefined}
              value={picker.query}
              onChange={(event) => picker.type(event.currentTarget.value)}
              onKeyDown={picker.onKeyDown}
              onBlur={picker.close}
            />
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <LabelSuggestions
        listId={listId}
        listLabel={t('builder.labels.suggestions', { label })}
        matches={picker.matches}
        active={picker.active}
        optionId={picker.optionId}
        nameOf={nameOf}
      />
    </Combobox>
  )
}
