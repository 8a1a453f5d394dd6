import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { fakeApiWithGeneration, streamingRun } from '../../generator/testing/fake-generation-server.ts'
import { FakeTrpcError } from '../../test/fake-api.ts'
import { pasteInto } from '../../test/paste-into.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'
import { retype } from '../../test/retype.ts'
import { ADMIN, SAVED_ID, savedTool, signedInAs } from './testing/builder-fixtures.ts'

const SAVE_BEFORE_TRYING = 'Try it runs the saved tool: save your changes first.'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => String(toast.message))
const OTHER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

function adminApi(extra: Record<string, unknown> = {}) {
  const calls = { updates: [] as unknown[], deletes: [] as unknown[], publishes: [] as unknown[] }
  const server = fakeApiWithGeneration(
    {
      ...signedInAs(ADMIN),
      'tools.personal.list': [],
      'tools.byCategory': [
        { ...savedTool(), isBookmarked: false },
        { ...savedTool({ id: OTHER_ID, name: 'Another Tool' }), isBookmarked: false },
      ],
      'admin.tools.get': ({ id }: { id: string }) => {
        if (id !== SAVED_ID) throw new FakeTrpcError('NOT_FOUND', 404, 'Tool not found')
        return savedTool()
      },
      'admin.tools.update': (input: { id: string }) => {
        calls.updates.push(input)
        return savedTool()
      },
      'admin.tools.delete': (input: { id: string }) => {
        calls.deletes.push(input)
        return { id: input.id, deleted: true }
      },
      'admin.tools.publish': (input: { id: string; published: boolean }) => {
        calls.publishes.push(input)
        return input
      },
      ...extra,
    },
    streamingRun(['<p>A caption</p>']),
  )
  return { ...server, calls }
}

async function openSaved() {
  const router = renderApp(`/form?id=${SAVED_ID}`)
  const name = await screen.findByRole('textbox', { name: /^Name/ })
  await waitFor(() => expect(name).toHaveValue('Caption Writer'))
  return router
}

describe('/form?id= for an admin', () => {
  it('fills the form from the saved tool, an unknown type included', async () => {
    adminApi({ 'admin.tools.get': savedTool({ groups: [[{ ...savedTool().groups[0]![0]!, type: 'emoji' }]] }) })
    await openSaved()
    expect(screen.getByRole('heading', { level: 1, name: 'Edit tool' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: /^Acco Name/ })).toHaveValue('caption-writer')
    expect(screen.getByRole('button', { name: 'Remove Instagram' })).toBeVisible()
    expect(screen.getByRole('combobox', { name: /^Group by/ })).toHaveValue('Instagram')
    expect(screen.getByRole('radio', { name: 'instagram' })).toBeChecked()
    const element = screen.getByRole('group', { name: 'Group 1, element 1' })
    expect(within(element).getByRole('combobox', { name: 'Type' })).toHaveValue('other')
    expect(within(element).getByRole('textbox', { name: /^Other type/ })).toHaveValue('emoji')
    expect(screen.getByRole('textbox', { name: /^Question/ })).toHaveValue('Is it free?')
    expect(screen.getByRole('switch', { name: 'Published in the catalogue' })).toBeChecked()
  })

  it('switches tools with the dropdown', async () => {
    const user = userEvent.setup()
    adminApi()
    const router = await openSaved()
    const picker = screen.getByRole('combobox', { name: 'Open a tool' })
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Another Tool' })).toBeInTheDocument())
    await user.selectOptions(picker, OTHER_ID)
    await waitFor(() => expect(router.state.location.search).toEqual({ id: OTHER_ID }))
    expect(await screen.findByText(/does not exist, or it is not yours to edit/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Build a new tool' })).toHaveAttribute('href', '/form')
  })

  it('saves changes through admin.tools.update', async () => {
    const user = userEvent.setup()
    const { calls } = adminApi()
    await openSaved()
    await pasteInto(user, screen.getByRole('textbox', { name: /^Tagline/ }), 'New line')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(calls.updates).toHaveLength(1))
    expect(calls.updates[0]).toMatchObject({ id: SAVED_ID, tool: { tagLine: 'New line', name: 'Caption Writer' } })
    await waitFor(() => expect(toastMessages()).toContain('Tool saved'))
  })

  it('deletes only after the confirmation, then starts a new tool', async () => {
    const user = userEvent.setup()
    const { calls } = adminApi()
    const router = await openSaved()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tool?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.deletes).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete tool' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(calls.deletes).toEqual([{ id: SAVED_ID }])
    expect(toastMessages()).toContain('“Caption Writer” deleted')
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a tool' })).toBeVisible()
  })

  it('asks before leaving unsaved changes, and stays when told to', async () => {
    const user = userEvent.setup()
    adminApi()
    const router = await openSaved()
    await retype(user, screen.getByRole('textbox', { name: /^Name/ }), 'Renamed')
    await user.click(screen.getByRole('link', { name: 'New tool' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.search).toEqual({ id: SAVED_ID })
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Renamed')

    await user.click(screen.getByRole('link', { name: 'New tool' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('tries the saved tool like any generation, and not while changes are unsaved', async () => {
    const user = userEvent.setup()
    const { runs } = adminApi()
    await openSaved()
    const preview = screen.getByRole('region', { name: 'Preview' })
    await pasteInto(user, within(preview).getByRole('textbox', { name: 'Topic' }), 'cats')
    await user.click(within(preview).getByRole('button', { name: 'Try it' }))
    const result = await screen.findByRole('region', { name: 'Your Pitch' })
    await waitFor(() => expect(within(result).getByTestId('generation-output')).toHaveTextContent('A caption'))
    expect(runs).toEqual([{ toolId: SAVED_ID, groups: [['cats', 'Fun']] }])

    await pasteInto(user, screen.getByRole('textbox', { name: /^Description/ }), 'Changed')
    await pasteInto(user, within(preview).getByRole('textbox', { name: 'Topic' }), 'dogs')
    await user.click(within(preview).getByRole('button', { name: 'Try it' }))
    await waitFor(() => expect(toastMessages()).toContain(SAVE_BEFORE_TRYING))
    expect(runs).toHaveLength(1)
  })

  it('takes their own tool out of the catalogue with the publish switch', async () => {
    const user = userEvent.setup()
    const own = savedTool({ ownerId: ADMIN.id })
    const { calls } = adminApi({ 'admin.tools.get': () => own })
    await openSaved()
    await user.click(screen.getByRole('switch', { name: 'Published in the catalogue' }))
    await waitFor(() => expect(calls.publishes).toEqual([{ id: SAVED_ID, published: false }]))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Published in the catalogue' })).not.toBeChecked())
  })

  it("gives another user's tool back to its owner, and leaves it: it is theirs alone again", async () => {
    const user = userEvent.setup()
    const { calls } = adminApi()
    const router = await openSaved()
    await user.click(screen.getByRole('switch', { name: 'Published in the catalogue' }))
    await waitFor(() => expect(calls.publishes).toEqual([{ id: SAVED_ID, published: false }]))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(router.state.location.pathname).toBe('/form')
  })
})

describe('/form?id= for a user', () => {
  it('opens their own tool through tools.personal, without the publish switch', async () => {
    fakeApiWithGeneration(
      {
        ...signedInAs(ADA),
        'tools.personal.list': [{ ...savedTool({ published: false }), isBookmarked: false }],
        'tools.personal.get': savedTool({ published: false }),
      },
      streamingRun([]),
    )
    await openSaved()
    expect(screen.queryByRole('switch', { name: 'Published in the catalogue' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled()
  })

  it('says a tool an admin published is no longer theirs to change', async () => {
    fakeApiWithGeneration(
      { ...signedInAs(ADA), 'tools.personal.list': [], 'tools.personal.get': savedTool({ published: true }) },
      streamingRun([]),
    )
    await openSaved()
    expect(screen.getByText(/only an admin can change or delete it now/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled()
  })
})
