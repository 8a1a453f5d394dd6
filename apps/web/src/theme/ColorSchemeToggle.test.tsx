import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '../test/render.tsx'
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme.ts'
import { ColorSchemeToggle } from './ColorSchemeToggle.tsx'

function radio(name: string) {
  const element = screen.getByRole('radio', { name })
  return { element, checked: element.getAttribute('aria-checked') === 'true' }
}

describe('ColorSchemeToggle', () => {
  it('offers Light, Dark and System in a named group, Light by default', () => {
    renderWithProviders(<ColorSchemeToggle />)
    expect(screen.getByRole('radiogroup', { name: 'Colour scheme' })).toBeVisible()
    expect(radio('Light').checked).toBe(true)
    expect(radio('Dark').checked).toBe(false)
    expect(radio('System').checked).toBe(false)
  })

  it('saves the choice to localStorage and applies it to the page', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ColorSchemeToggle />)
    await user.click(radio('Dark').element)
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark')
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark')

    await user.click(radio('System').element)
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto')
    expect(radio('System').checked).toBe(true)
  })

  it('moves the choice with the arrow keys, as a radio group does', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ColorSchemeToggle />)
    expect(radio('Light').element.tabIndex).toBe(0)
    expect(radio('Dark').element.tabIndex).toBe(-1)
    await user.tab()
    expect(document.activeElement).toBe(radio('Light').element)
    await user.keyboard('{ArrowRight}')
    expect(radio('Dark').checked).toBe(true)
    expect(document.activeElement).toBe(radio('Dark').element)
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(radio('System').checked).toBe(true)
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('auto')
  })

  it('restores the saved choice on the next visit', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark')
    renderWithProviders(<ColorSchemeToggle />)
    expect(radio('Dark').checked).toBe(true)
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark')
  })
})
