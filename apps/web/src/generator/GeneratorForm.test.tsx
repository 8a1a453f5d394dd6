import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { pasteInto } from '../test/paste-into.ts'
import { renderWithProviders } from '../test/render.tsx'
import { initialFormValues } from './form-model.ts'
import { GeneratorForm } from './GeneratorForm.tsx'
import { EVERY_TYPE_GROUPS } from './testing/tool-fixtures.ts'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => notifications.clean())

function renderForm(props: Partial<Parameters<typeof GeneratorForm>[0]> = {}) {
  const user = userEvent.setup()
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
  return { user, onGenerate, onStop }
}

/** Pasted: the tests below that are about typing type key by key. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await pasteInto(user, screen.getByRole('textbox', { name: /Who you are/ }), ' A product designer ')
  await pasteInto(user, screen.getByRole('textbox', { name: /Topics/ }), 'UX tips')
  await user.selectOptions(screen.getByRole('combobox', { name: /Platform/ }), 'Threads')
  await pasteInto(user, screen.getByRole('textbox', { name: /Text to rework/ }), 'Some text')
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
    expect(screen.getByRole('button', { name: 'Paste Text' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Audience' }).tagName).toBe('INPUT')
    // An unknown type is a text input.
    expect(screen.getByRole('textbox', { name: 'Brand colour' }).getAttribute('placeholder')).toBe('e.g. violet')
    expect(screen.getByRole('button', { name: 'Generate' })).toBeVisible()
  })

  it('tells a screen reader which fields are required, and leaves the check to the form', () => {
    renderForm()
    const required = [
      screen.getByRole('textbox', { name: 'Who you are' }),
      screen.getByRole('textbox', { name: 'Topics' }),
      screen.getByRole('combobox', { name: 'Platform' }),
      screen.getByRole('textbox', { name: 'Text to rework' }),
    ]
    for (const field of required) {
      expect(field).toBeRequired()
      expect(field).toHaveAttribute('aria-required', 'true')
    }
    // Optional fields, and those that always have a value, are not announced as required.
    for (const field of [
      screen.getByRole('textbox', { name: 'Audience' }),
      screen.getByRole('textbox', { name: 'Brand colour' }),
      screen.getByRole('switch', { name: 'Emojis' }),
      screen.getByRole('checkbox', { name: 'Hashtags' }),
      screen.getByRole('radiogroup', { name: 'Tone' }),
    ]) {
      expect(field).not.toBeRequired()
    }
    // No native `required`: the browser's bubble would stand in for the form's own toast.
    expect(document.querySelectorAll('[required]')).toHaveLength(0)
  })

  it("toasts '{placeholder} is required' for the first missing field, focuses it, and sends nothing", async () => {
    const { user, onGenerate } = renderForm()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).not.toHaveBeenCalled()
    expect(toastMessages()).toEqual(['e.g. Product designer is required'])
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Who you are/ }))
    // Every missing field says so where it is.
    expect(screen.getByText('e.g. UX tips is required')).toBeVisible()
    expect(screen.getByText('Paste your text is required')).toBeVisible()
  })

  it('asks for the next missing field once the first is filled', async () => {
    const { user, onGenerate } = renderForm()
    await user.type(screen.getByRole('textbox', { name: /Who you are/ }), 'A designer')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).not.toHaveBeenCalled()
    expect(toastMessages()).toContain('e.g. UX tips is required')
  })

  it('clears its required-field toast once the form is valid, before the run starts', async () => {
    const { user, onGenerate } = renderForm()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(toastMessages()).toEqual(['e.g. Product designer is required'])
    await user.type(screen.getByRole('textbox', { name: /Who you are/ }), 'A designer')
    // Still invalid: the complaint stays until every required field is filled in.
    expect(toastMessages()).toEqual(['e.g. Product designer is required'])
    await fillRequired(user)
    expect(toastMessages()).toEqual([])
    await user.clear(screen.getByRole('textbox', { name: /Topics/ }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(toastMessages()).toEqual(['e.g. UX tips is required'])
    await user.type(screen.getByRole('textbox', { name: /Topics/ }), 'UX')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).toHaveBeenCalledOnce()
    expect(toastMessages()).toEqual([])
  })

  it('sends one row per group: text trimmed, the tone chosen, switch and checkbox as on/off', async () => {
    const { user, onGenerate } = renderForm()
    await fillRequired(user)
    await user.click(screen.getByRole('radio', { name: 'Witty' }))
    await user.click(screen.getByRole('switch', { name: 'Emojis' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(toastMessages()).toEqual([])
    expect(onGenerate).toHaveBeenCalledWith([
      ['A product designer', 'UX tips'],
      ['Witty', false, true],
      ['Threads', 'Some text', '', ''],
    ])
  })

  // Each key press rendered the whole form again once, which on a slowed phone took most of the time
  // between the key and the letter showing (e2e/bench/interaction-latency.bench.ts).
  it('renders nothing while a value is typed, and sends what was typed', async () => {
    const user = userEvent.setup()
    const onGenerate = vi.fn()
    let commits = 0
    renderWithProviders(
      <Profiler id="generator-form" onRender={() => (commits += 1)}>
        <GeneratorForm
          groups={EVERY_TYPE_GROUPS}
          initialValues={initialFormValues(EVERY_TYPE_GROUPS)}
          busy={false}
          submitLabel="Generate"
          onGenerate={onGenerate}
          onStop={vi.fn()}
        />
      </Profiler>,
    )
    await fillRequired(user)
    const before = commits
    await user.type(screen.getByRole('textbox', { name: /Topics/ }), ' and design systems')
    expect(commits).toBe(before)
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(onGenerate).toHaveBeenCalledWith([
      ['A product designer', 'UX tips and design systems'],
      ['Friendly', true, true],
      ['Threads', 'Some text', '', ''],
    ])
  })

  it('describes a switch by the option the prompt gets: the first when on, the second when off', async () => {
    const { user } = renderForm()
    const emojis = screen.getByRole('switch', { name: 'Emojis' })
    expect(screen.getByText('Add emojis.')).toBeVisible()
    await user.click(emojis)
    expect(screen.getByText('No emojis.')).toBeVisible()
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

  it('while busy: the fields and Generate are disabled and Stop stops', async () => {
    const { user, onStop } = renderForm({ busy: true, submitLabel: 'Regenerate' })
    // A disabled fieldset disables every control inside it.
    expect(screen.getByRole('textbox', { name: /Who you are/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Regenerate/ })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    expect(onStop).toHaveBeenCalledOnce()
  })

  it('pastes the clipboard into a paraphrase field', async () => {
    const { user } = renderForm()
    // After setup(): user-event puts its own clipboard in place.
    vi.spyOn(navigator.clipboard, 'readText').mockResolvedValue('Text from the clipboard')
    await user.click(screen.getByRole('button', { name: 'Paste Text' }))
    expect(await screen.findByDisplayValue('Text from the clipboard')).toBeVisible()
  })
})
