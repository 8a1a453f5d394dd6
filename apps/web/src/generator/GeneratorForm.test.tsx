import { notifications, notificationsStore } from '@mantine/notifications'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/render.tsx'
import { GeneratorForm } from './GeneratorForm.tsx'
import { initialFormValues } from './form-model.ts'
import { EVERY_TYPE_GROUPS } from './testing/tool-fixtures.ts'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => notifications.clean())

function renderForm(props: Partial<Parameters<typeof GeneratorForm>[0]> = {}) {
  const onGenerate = vi.fn()
  const onStop = vi.fn()
  renderWithProviders(
    <GeneratorForm
      groups={EVERY_TYPE_GROUPS}
      initialValues={initialFormValues(EVERY_TYPE_GROUPS)}
      busy={false}
      submitLabel="Generate"
      onGenerate={onGenerate}
      onStop={onStop}
      {...props}
    />,
  )
  return { onGenerate, onStop }
}

function fillRequired() {
  fireEvent.change(screen.getByRole('textbox', { name: /Who you are/ }), { target: { value: 'A product designer' } })
  fireEvent.change(screen.getByRole('textbox', { name: /Topics/ }), { target: { value: 'UX tips' } })
  fireEvent.change(screen.getByRole('combobox', { name: /Platform/ }), { target: { value: 'Threads' } })
  fireEvent.change(screen.getByRole('textbox', { name: /Text to rework/ }), { target: { value: 'Some text' } })
}

describe('generator form', () => {
  it('renders each element by its type', () => {
    renderForm()
    expect(screen.getByRole('textbox', { name: /Who you are/ }).tagName).toBe('TEXTAREA')
    expect(screen.getByRole('textbox', { name: /Topics/ }).tagName).toBe('INPUT')
    const tone = screen.getByRole('radiogroup', { name: 'Tone' })
    expect(
      within(tone)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Friendly', 'Witty', 'Bold'])
    expect(within(tone).getByRole('radio', { name: 'Friendly' })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: 'Emojis' })).toHaveProperty('checked', true)
    expect(screen.getByRole('checkbox', { name: 'Hashtags' })).toHaveProperty('checked', true)
    const select = screen.getByRole('combobox', { name: /Platform/ })
    expect(select.tagName).toBe('SELECT')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a platform', 'X', 'Threads'])
    expect(screen.getByRole('textbox', { name: /Text to rework/ }).tagName).toBe('TEXTAREA')
    expect(screen.getByRole('button', { name: 'Paste Text' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Audience' }).tagName).toBe('INPUT')
    // An unknown type is a text input.
    expect(screen.getByRole('textbox', { name: 'Brand colour' }).getAttribute('placeholder')).toBe('e.g. violet')
    expect(screen.getByRole('button', { name: 'Generate' })).toBeTruthy()
  })

  it("toasts '{placeholder} is required' for the first missing field, focuses it, and sends nothing", () => {
    const { onGenerate } = renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).not.toHaveBeenCalled()
    expect(toastMessages()).toEqual(['e.g. Product designer is required'])
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Who you are/ }))
    // Every missing field says so where it is.
    expect(screen.getByText('e.g. UX tips is required')).toBeTruthy()
    expect(screen.getByText('Paste your text is required')).toBeTruthy()
  })

  it('asks for the next missing field once the first is filled', () => {
    const { onGenerate } = renderForm()
    fireEvent.change(screen.getByRole('textbox', { name: /Who you are/ }), { target: { value: 'A designer' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).not.toHaveBeenCalled()
    expect(toastMessages()).toContain('e.g. UX tips is required')
  })

  it('sends one row per group: text trimmed, the tone chosen, switch and checkbox as on/off', () => {
    const { onGenerate } = renderForm()
    fillRequired()
    fireEvent.click(screen.getByRole('radio', { name: 'Witty' }))
    fireEvent.click(screen.getByRole('switch', { name: 'Emojis' }))
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(toastMessages()).toEqual([])
    expect(onGenerate).toHaveBeenCalledWith([
      ['A product designer', 'UX tips'],
      ['Witty', false, true],
      ['Threads', 'Some text', '', ''],
    ])
  })

  it('describes a switch by the option the prompt gets: the first when on, the second when off', () => {
    renderForm()
    const emojis = screen.getByRole('switch', { name: 'Emojis' })
    expect(screen.getByText('Add emojis.')).toBeTruthy()
    fireEvent.click(emojis)
    expect(screen.getByText('No emojis.')).toBeTruthy()
    expect(screen.queryByText('Add emojis.')).toBeNull()
  })

  it('starts from earlier values when re-running a generation', () => {
    renderForm({
      initialValues: initialFormValues(EVERY_TYPE_GROUPS, [
        ['Ada', 'Maths'],
        ['Bold', false, false],
      ]),
    })
    expect(screen.getByRole('textbox', { name: /Who you are/ })).toHaveProperty('value', 'Ada')
    expect(screen.getByRole('radio', { name: 'Bold' })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: 'Emojis' })).toHaveProperty('checked', false)
    expect(screen.getByRole('checkbox', { name: 'Hashtags' })).toHaveProperty('checked', false)
  })

  it('while busy: the fields and Generate are disabled and Stop stops', () => {
    const { onStop } = renderForm({ busy: true, submitLabel: 'Regenerate' })
    // A disabled fieldset disables every control inside it.
    expect(screen.getByRole('textbox', { name: /Who you are/ }).closest('fieldset')).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: /Regenerate/ })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(onStop).toHaveBeenCalledOnce()
  })

  it('pastes the clipboard into a paraphrase field', async () => {
    vi.spyOn(navigator.clipboard, 'readText').mockResolvedValue('Text from the clipboard')
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Paste Text' }))
    expect(await screen.findByDisplayValue('Text from the clipboard')).toBeTruthy()
  })
})
