import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '../../test/render.tsx'
import { BUILDER_LABEL_OPTIONS, LABEL_LIST_MAX_HEIGHT } from './label-options.ts'
import { LabelPicker } from './LabelPicker.tsx'

const NO_RESULTS = 'No Results Found'

function Harness({ initial = [] as string[] }) {
  const [labels, setLabels] = useState<string[]>(initial)
  return (
    <>
      <LabelPicker id="labels" label="Labels" options={BUILDER_LABEL_OPTIONS} value={labels} onChange={setLabels} />
      <div data-testid="chosen">{labels.join('|')}</div>
      <button type="button">Next field</button>
    </>
  )
}

function setup(initial?: string[]) {
  const user = userEvent.setup()
  renderWithProviders(<Harness initial={initial} />)
  const field = screen.getByRole('combobox', { name: 'Labels' })
  const chosen = () => screen.getByTestId('chosen').textContent
  return { user, field, chosen }
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent)

describe('LabelPicker', () => {
  it('lists the labels whose text holds the typed text, in any case', async () => {
    const { user, field } = setup()
    await user.type(field, 'TOOLS')
    expect(field).toHaveAttribute('aria-expanded', 'true')
    expect(optionNames()).toEqual([
      'All Tools',
      'In Demand Tools',
      'SEO Tools',
      'Website Tools',
      'Paid Ad Tools',
      'Email Tools',
      'Paraphrase Tools',
      'Audio Tools',
      'Upcoming Tools',
    ])
    await user.clear(field)
    await user.type(field, 'gram')
    expect(optionNames()).toEqual(['Instagram'])
  })

  it("says 'No Results Found' when nothing matches, and offers no option", async () => {
    const { user, field } = setup()
    await user.type(field, 'zzz')
    expect(screen.getByRole('status')).toHaveTextContent(NO_RESULTS)
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(field).not.toHaveAttribute('aria-controls')
  })

  it('keeps the list within 300 px', async () => {
    const { user, field } = setup()
    await user.click(field)
    expect(screen.getByRole('listbox').style.maxHeight).toBe(`${LABEL_LIST_MAX_HEIGHT}px`)
  })

  it('moves the highlight with the arrows, wrapping, and adds it with Enter', async () => {
    const { user, field, chosen } = setup()
    await user.type(field, 'face')
    await user.keyboard('{ArrowDown}')
    const [facebook] = within(screen.getByRole('listbox')).getAllByRole('option')
    expect(facebook).toHaveAttribute('aria-selected', 'true')
    expect(field).toHaveAttribute('aria-activedescendant', facebook!.id)

    await user.clear(field)
    await user.type(field, 'image')
    expect(optionNames()).toEqual(['Image Generator', 'Image Resizers'])
    await user.keyboard('{ArrowUp}')
    expect(screen.getByRole('option', { name: 'Image Resizers' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Image Generator' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('option', { name: 'Image Generator' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{Enter}')
    expect(chosen()).toBe('Image Generator')
    expect(field).toHaveValue('')
    expect(field).toHaveFocus()
    // Closed so that it covers nothing, until the arrows or typing open it again.
    expect(screen.queryByRole('listbox')).toBeNull()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true')
  })

  it('adds the highlighted label with Tab and keeps the focus in the field', async () => {
    const { user, field, chosen } = setup()
    await user.type(field, 'news')
    await user.keyboard('{ArrowDown}{Tab}')
    expect(chosen()).toBe('Newsletters')
    expect(field).toHaveFocus()
  })

  it('adds the typed text with Enter when nothing is highlighted, in the listed spelling', async () => {
    const { user, field, chosen } = setup()
    await user.type(field, 'seo tools{Enter}')
    expect(chosen()).toBe('SEO Tools')
    expect(field).toHaveValue('')
  })

  it('adds the typed text with Tab when nothing is highlighted, then Tab moves on', async () => {
    const { user, field, chosen } = setup()
    await user.type(field, 'My own label')
    await user.tab()
    expect(chosen()).toBe('My own label')
    expect(field).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus()
  })

  it('does not add a label twice, whatever its case', async () => {
    const { user, field, chosen } = setup(['Facebook'])
    await user.type(field, 'FACEBOOK{Enter}')
    expect(chosen()).toBe('Facebook')
    await user.type(field, 'face')
    expect(screen.getByRole('status')).toHaveTextContent(NO_RESULTS)
  })

  it('removes the last chip with Backspace in an empty field, and only then', async () => {
    const { user, field, chosen } = setup(['All Tools', 'Facebook'])
    await user.type(field, 'ab{Backspace}{Backspace}')
    expect(chosen()).toBe('All Tools|Facebook')
    await user.keyboard('{Backspace}')
    expect(chosen()).toBe('All Tools')
    await user.keyboard('{Backspace}{Backspace}')
    expect(chosen()).toBe('')
  })

  it('closes the list with Escape, and Enter then adds the typed text', async () => {
    const { user, field, chosen } = setup()
    await user.type(field, 'blog{ArrowDown}{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(field).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{Enter}')
    expect(chosen()).toBe('blog')
  })

  it('adds an option that is clicked, and removes a chip by its button', async () => {
    const { user, field, chosen } = setup(['All Tools'])
    await user.type(field, 'you')
    await user.click(screen.getByRole('option', { name: 'YouTube' }))
    expect(chosen()).toBe('All Tools|YouTube')
    expect(field).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Remove All Tools' }))
    expect(chosen()).toBe('YouTube')
    expect(field).toHaveFocus()
  })
})
