import { Button } from '@mantine/core'
import { useId, useState, type FormEvent } from 'react'

import { SEARCH_TEXT_MAX } from '@promptly/core/catalogue/search-text'

import classes from './home.module.css'

interface SearchFormProps {
  /** The search landmark's name ("Search tools", "Search the catalogue"). */
  label: string
  placeholder: string
  buttonText: string
  onSearch: (text: string) => void
  /** Text to show; when it changes (a search made elsewhere), the box takes it. */
  value?: string
  size?: 'md' | 'lg'
}

/**
 * A search box whose button or Enter runs the search. A plain input rather than Mantine's
 * TextInput: the hero renders it on the home route, whose JavaScript budget is tight.
 */
export function SearchForm({ label, placeholder, buttonText, onSearch, value = '', size = 'md' }: SearchFormProps) {
  const inputId = useId()
  const [text, setText] = useState(value)
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    setText(value)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSearch(text)
  }

  return (
    <form role="search" aria-label={label} className={classes.searchForm} data-size={size} onSubmit={submit}>
      <label htmlFor={inputId} className={classes.visuallyHidden}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        className={classes.searchInput}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_TEXT_MAX}
      />
      <Button type="submit" size={size} className={classes.searchButton}>
        {buttonText}
      </Button>
    </form>
  )
}
