import { useEffect, useState, type KeyboardEvent } from 'react'

import { matchingLabels, optionNamed, stepHighlight, withLabel } from './label-options.ts'

interface LabelPickerState {
  id: string
  options: readonly string[]
  value: readonly string[]
  onChange: (labels: string[]) => void
  nameOf: (label: string) => string
}

/**
 * The label picker's query, open list and highlighted suggestion, and its keys: arrows open the
 * list and move the highlight (wrapping), Enter or Tab adds the highlighted label, or the typed text
 * when none is highlighted, and closes the list; Escape closes it too, and Backspace in an empty
 * field removes the last chip.
 */
export function useLabelPicker({ id, options, value, onChange, nameOf }: LabelPickerState) {
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const matches = matchingLabels(options, value, query, nameOf)
  const highlighted = open && active >= 0 ? matches[active] : undefined
  const optionId = (index: number) => `${id}-option-${index}`

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active, id])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const add = (text: string) => {
    const next = withLabel(value, optionNamed(options, text, nameOf))
    if (next !== value) onChange([...next])
    setQuery('')
    // Closed until the next keystroke: left open, the list would cover the fields around it.
    close()
  }

  const type = (text: string) => {
    setQuery(text)
    setOpen(true)
    setActive(-1)
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
        close()
        return
      case 'Backspace':
        if (query === '' && value.length > 0) onChange(value.slice(0, -1))
        return
    }
  }

  return {
    query,
    open,
    active,
    matches,
    activeOptionId: highlighted !== undefined ? optionId(active) : undefined,
    optionId,
    openList: () => setOpen(true),
    close,
    add,
    type,
    onKeyDown,
  }
}
