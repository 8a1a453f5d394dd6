import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ToolBuilderDraft } from '@promptly/core/catalogue/tool-builder'

import { fakeApi } from '../../test/fake-api.ts'
import { pasteInto } from '../../test/paste-into.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'
import { retype } from '../../test/retype.ts'
import { SAVED_ID, signedInAs } from './testing/builder-fixtures.ts'

const INVALID_DRAFT = 'Some fields need your attention before the tool can be saved.'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => String(toast.message))

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

async function openNewTool() {
  const created: ToolBuilderDraft[] = []
  fakeApi({
    ...signedInAs(ADA),
    'tools.personal.list': [],
    'tools.personal.create': (input: unknown) => {
      created.push(input as ToolBuilderDraft)
      return { id: SAVED_ID }
    },
  })
  const router = renderApp('/form')
  await screen.findByRole('heading', { level: 1, name: 'Create a tool' })
  return { created, router }
}

/** The four details, pasted: the preview test below types into the form key by key. */
async function fillDetails(user: UserEvent) {
  await pasteInto(user, screen.getByRole('textbox', { name: /^Name/ }), 'Caption Writer')
  await pasteInto(user, screen.getByRole('textbox', { name: /^Acco Name/ }), 'caption-writer')
  await pasteInto(user, screen.getByRole('textbox', { name: /^Description/ }), 'Writes captions.')
  await pasteInto(user, screen.getByRole('textbox', { name: /^Tagline/ }), 'Captions in a click')
}

const element = (group: number, index: number) =>
  screen.getByRole('group', { name: `Group ${group}, element ${index}` })

describe('/form for a signed-in user', () => {
  it('opens for anyone signed in and says their tools stay private', async () => {
    await openNewTool()
    expect(screen.getByText(/only you can find and run them/)).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Open one of your tools' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })

  it('tells a screen reader which fields are required, as the asterisks tell the eye', async () => {
    await openNewTool()
    for (const name of [/^Name/, /^Acco Name/, /^Description/, /^Tagline/]) {
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('aria-required', 'true')
    }
    expect(screen.getByRole('combobox', { name: /^Group by/ })).toHaveAttribute('aria-required', 'true')
    expect(within(element(1, 1)).getByRole('textbox', { name: /^Label/ })).toHaveAttribute('aria-required', 'true')
    expect(within(element(1, 1)).getByRole('textbox', { name: /^Placeholder/ })).not.toHaveAttribute('aria-required')
  })

  it('refuses to save an incomplete tool: messages beside the fields, the first one focused', async () => {
    const user = userEvent.setup()
    const { created } = await openNewTool()
    await user.click(screen.getByRole('button', { name: 'Create tool' }))
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveAccessibleDescription('Name is required')
    expect(screen.getByRole('textbox', { name: /^Tagline/ })).toHaveAccessibleDescription(
      expect.stringContaining('Tagline is required'),
    )
    expect(within(element(1, 1)).getByRole('textbox', { name: /^Label/ })).toHaveAccessibleDescription(
      'Every element needs a label',
    )
    expect(toastMessages()).toContain(INVALID_DRAFT)
    expect(created).toEqual([])
  })

  it('focuses a field further down when the fields above it are fine', async () => {
    const user = userEvent.setup()
    await openNewTool()
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: 'Create tool' }))
    const label = within(element(1, 1)).getByRole('textbox', { name: /^Label/ })
    await waitFor(() => expect(label).toHaveFocus())
  })

  it('previews the form with the generator’s own fields as the draft changes', async () => {
    const user = userEvent.setup()
    await openNewTool()
    const preview = screen.getByRole('region', { name: 'Preview' })
    await retype(user, screen.getByRole('textbox', { name: /^Name/ }), 'Caption Writer')
    expect(within(preview).getByTestId('preview-name')).toHaveTextContent('Caption Writer')

    await retype(user, within(element(1, 1)).getByRole('textbox', { name: /^Label/ }), 'Topic')
    expect(within(preview).getByRole('textbox', { name: 'Topic' })).toBeVisible()

    await user.selectOptions(within(element(1, 1)).getByRole('combobox', { name: 'Type' }), 'select')
    await user.click(within(element(1, 1)).getByRole('button', { name: 'Add option' }))
    await retype(user, within(element(1, 1)).getByRole('textbox', { name: 'Option 1' }), 'Short')
    const select = within(preview).getByRole('combobox', { name: 'Topic' })
    expect(within(select).getByRole('option', { name: 'Short' })).toBeInTheDocument()
    expect(within(preview).getByRole('button', { name: 'Try it' })).toBeVisible()
  })

  it('adds, reorders and removes elements with the buttons', async () => {
    const user = userEvent.setup()
    await openNewTool()
    await pasteInto(user, within(element(1, 1)).getByRole('textbox', { name: /^Label/ }), 'First')
    await user.click(screen.getByRole('button', { name: 'Add element to group 1' }))
    await waitFor(() => expect(within(element(1, 2)).getByRole('textbox', { name: /^Label/ })).toHaveFocus())
    await pasteInto(user, within(element(1, 2)).getByRole('textbox', { name: /^Label/ }), 'Second')

    await user.click(screen.getByRole('button', { name: 'Move element 2 of group 1 up' }))
    expect(within(element(1, 1)).getByRole('textbox', { name: /^Label/ })).toHaveValue('Second')
    expect(within(element(1, 2)).getByRole('textbox', { name: /^Label/ })).toHaveValue('First')
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(
      within(preview)
        .getAllByRole('textbox')
        .map((field) => field.getAttribute('id')),
    ).toEqual(['generator-field-0-0', 'generator-field-0-1'])
    expect(within(preview).getByRole('textbox', { name: 'Second' })).toHaveAttribute('id', 'generator-field-0-0')

    await user.click(screen.getByRole('button', { name: 'Remove element 1 of group 1' }))
    expect(within(element(1, 1)).getByRole('textbox', { name: /^Label/ })).toHaveValue('First')
    expect(screen.queryByRole('group', { name: 'Group 1, element 2' })).toBeNull()
  })

  it('offers each field a role for the writer, topic unless another is picked, and saves it', async () => {
    const user = userEvent.setup()
    const { created } = await openNewTool()
    await fillDetails(user)
    await user.type(screen.getByRole('combobox', { name: 'Labels' }), 'insta{ArrowDown}{Enter}')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Group by/ }), 'Instagram')
    await pasteInto(user, within(element(1, 1)).getByRole('textbox', { name: /^Label/ }), 'What to do next')
    const role = within(element(1, 1)).getByRole('combobox', { name: /^Role/ })
    expect(role).toHaveValue('topic')
    expect(within(role).getByRole('option', { name: 'call to action: what the reader does next' })).toBeDefined()
    await user.selectOptions(role, 'call_to_action')
    await user.click(screen.getByRole('button', { name: 'Create tool' }))

    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]?.groups).toEqual([[expect.objectContaining({ text: 'What to do next', role: 'call_to_action' })]])
  })

  it('creates the tool through tools.personal, toasts its id and copies it to the clipboard', async () => {
    const user = userEvent.setup()
    const { created, router } = await openNewTool()
    await fillDetails(user)
    // After setup, which puts a clipboard stub of its own in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await user.type(screen.getByRole('combobox', { name: 'Labels' }), 'insta{ArrowDown}{Enter}')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Group by/ }), 'Instagram')
    await pasteInto(user, within(element(1, 1)).getByRole('textbox', { name: /^Label/ }), 'Mood')
    await user.selectOptions(within(element(1, 1)).getByRole('combobox', { name: 'Type' }), 'other')
    await pasteInto(user, within(element(1, 1)).getByRole('textbox', { name: /^Other type/ }), 'emoji')
    await user.click(within(element(1, 1)).getByRole('button', { name: 'Add option' }))
    await user.click(screen.getByRole('button', { name: 'Create tool' }))

    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]).toMatchObject({
      name: 'Caption Writer',
      labels: ['All Tools', 'Instagram'],
      groupBy: 'Instagram',
      logo: '/logos/briefcase.svg',
      groups: [[{ text: 'Mood', type: 'other', otherType: 'emoji', options: [], required: true }]],
      faq: [],
    })
    await waitFor(() => expect(toastMessages()).toContain(`Tool created: ${SAVED_ID} (id copied to the clipboard)`))
    expect(writeText).toHaveBeenCalledWith(SAVED_ID)
    await waitFor(() => expect(router.state.location.search).toEqual({ id: SAVED_ID }))
  })
})
