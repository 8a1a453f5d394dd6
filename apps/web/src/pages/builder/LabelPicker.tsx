import { Box, Paper, Pill, PillsInput, Text, UnstyledButton } from '@mantine/core'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import classes from './builder.module.css'
import { LABEL_LIST_MAX_HEIGHT, matchingLabels, optionNamed, stepHighlight, withLabel } from './label-options.ts'

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
 * Chips with type-ahead (spec: Tool-builder), as an ARIA combobox: the text field owns a listbox of
 * the matching labels and points at the highlighted one with aria-activedescendant, so the focus
 * never leaves the field. Arrows open the list and move the highlight (wrapping), Enter or Tab adds
 * the highlighted label, or the typed text when none is highlighted, and closes the list; Escape
 * closes it too, and Backspace in an empty field removes the last chip.
 */
export function LabelPicker(props: LabelPickerProps) {
  const { id, label, description, options, value, onChange, error, nameOf = itself } = props
  const { t } = useTranslation('admin')
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const fieldRef = useRef<HTMLInputElement>(null)
  const matches = matchingLabels(options, value, query, nameOf)
  const highlighted = open && active >= 0 ? matches[active] : undefined
  const listId = `${id}-listbox`
  const optionId = (index: number) => `${id}-option-${index}`

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active, id])

  const add = (text: string) => {
    const next = withLabel(value, optionNamed(options, text, nameOf))
    if (next !== value) onChange([...next])
    setQuery('')
    setActive(-1)
    // Closed until the next keystroke: left open, the list would cover the fields below it.
    setOpen(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault()
        setOpen(true)
        setActive(stepHighlight(open ? active : -1, matches.length, event.key === 'ArrowDown' ? 1 : -1))
        return
      case 'Enter':
      case 'Tab': {
        const chosen = highlighted ?? (query.trim() !== '' ? query : undefined)
        // Nothing to add: Enter and Tab keep their usual meaning (save the form, next field).
        if (chosen === undefined) return
        event.preventDefault()
        add(chosen)
        return
      }
      case 'Escape':
        if (!open) return
        event.preventDefault()
        setOpen(false)
        setActive(-1)
        return
      case 'Backspace':
        if (query === '' && value.length > 0) onChange(value.slice(0, -1))
        return
    }
  }

  return (
    <Box pos="relative">
      <PillsInput
        id={id}
        label={label}
        description={description}
        error={error}
        onClick={() => setOpen(true)}
        className={classes.pills}
      >
        <Pill.Group>
          {value.map((chip) => (
            <Pill
              key={chip}
              withRemoveButton
              onRemove={() => {
                onChange(value.filter((other) => other !== chip))
                // The pressed button goes with its chip: the focus stays in the picker.
                fieldRef.current?.focus()
              }}
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
            aria-expanded={open}
            aria-controls={open && matches.length > 0 ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={highlighted !== undefined ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoComplete="off"
            placeholder={value.length === 0 ? t('builder.labels.placeholder') : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value)
              setOpen(true)
              setActive(-1)
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false)
              setActive(-1)
            }}
          />
        </Pill.Group>
      </PillsInput>
      {open && (
        <Paper withBorder shadow="md" className={classes.suggestions}>
          {matches.length === 0 ? (
            <Text role="status" size="sm" c="dimmed" p="sm">
              {t('builder.labels.noResults')}
            </Text>
          ) : (
            <ul
              role="listbox"
              id={listId}
              aria-label={t('builder.labels.suggestions', { label })}
              className={classes.listbox}
              style={{ maxHeight: LABEL_LIST_MAX_HEIGHT }}
            >
              {matches.map((match, index) => (
                <UnstyledButton
                  component="li"
                  key={match}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  tabIndex={-1}
                  className={classes.option}
                  // The field keeps the focus: a press on an option must not blur it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => add(match)}
                >
                  {nameOf(match)}
                </UnstyledButton>
              ))}
            </ul>
          )}
        </Paper>
      )}
    </Box>
  )
}
