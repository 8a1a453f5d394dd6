import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { LOCAL_CONFIG } from '../../../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { ADA } from '../../../test/render.tsx'

const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }

afterEach(() => {
  vi.unstubAllGlobals()
})

interface FakeVoice {
  id: string
  name: string
  audience: string
  tone: string
  wordsToUse: string[]
  wordsToAvoid: string[]
  sample: string
  updatedAt: Date
}
type VoiceContent = Omit<FakeVoice, 'id' | 'updatedAt'>

const storedVoice = (overrides: Partial<FakeVoice> = {}): FakeVoice => ({
  id: 'voice-1',
  name: 'Workshop',
  audience: 'People who buy handmade gifts',
  tone: 'Warm',
  wordsToUse: ['handmade', 'small batch'],
  wordsToAvoid: ['cheap'],
  sample: 'Every mug is thrown by hand in our Portland studio.',
  updatedAt: new Date('2026-11-20T09:00:00Z'),
  ...overrides,
})

/** A fake server that keeps the voices (by name, as the real one lists them) and refuses as it does. */
function apiWithVoices(initial: FakeVoice[], limit = 10) {
  let voices = [...initial]
  let created = 0
  const calls = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] }
  const nameTaken = (name: string, exceptId?: string) => {
    if (voices.some((voice) => voice.name === name && voice.id !== exceptId))
      throw new FakeTrpcError('CONFLICT', 409, `You already have a brand voice named "${name}"`)
  }
  fakeApi({
    'system.config': LOCAL_CONFIG,
    'auth.me': ADA,
    'credits.limits': LIMITS,
    'bookmarks.list': [],
    'apiKeys.list': [],
    'voices.list': () => ({
      voices: [...voices].sort((a, b) => a.name.localeCompare(b.name)),
      pickedId: null,
      limit,
    }),
    'voices.create': (input: unknown) => {
      calls.create.push(input)
      const content = input as VoiceContent
      if (voices.length >= limit)
        throw new FakeTrpcError(
          'CONFLICT',
          409,
          `You already have ${limit} brand voices, the most allowed. Delete one to add another.`,
        )
      nameTaken(content.name)
      const voice = { ...content, id: `new-${++created}`, updatedAt: new Date() }
      voices = [...voices, voice]
      return voice
    },
    'voices.update': (input: unknown) => {
      calls.update.push(input)
      const { id, voice: content } = input as { id: string; voice: VoiceContent }
      nameTaken(content.name, id)
      const voice = { ...content, id, updatedAt: new Date() }
      voices = voices.map((kept) => (kept.id === id ? voice : kept))
      return voice
    },
    'voices.delete': (input: unknown) => {
      calls.delete.push(input)
      const { id } = input as { id: string }
      voices = voices.filter((voice) => voice.id !== id)
      return { id, deleted: true }
    },
  })
  return calls
}

/** The profile page rendered, and its brand voices section. */
async function section() {
  renderApp('/profile')
  return within(await screen.findByRole('region', { name: 'Brand voices' }))
}

async function openDialog(name: string) {
  return within(await screen.findByRole('dialog', { name }))
}

describe('profile: brand voices', () => {
  it('lists each voice with its tone and words, how many are kept of the limit, and names its buttons', async () => {
    apiWithVoices([storedVoice(), storedVoice({ id: 'voice-2', name: 'Atelier', tone: 'Crisp', wordsToUse: [] })])
    const voices = await section()
    const cards = await voices.findAllByTestId('brand-voice')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Atelier', 'Workshop'])
    const workshop = within(cards[1]!)
    expect(workshop.getByText('Tone: Warm')).toBeVisible()
    expect(workshop.getByRole('list', { name: 'Words to use' }).textContent).toBe('handmadesmall batch')
    expect(workshop.getByRole('list', { name: 'Words to avoid' }).textContent).toBe('cheap')
    expect(within(cards[0]!).queryByRole('list', { name: 'Words to use' })).toBeNull()
    expect(voices.getByText('2 of 10 voices')).toBeVisible()
    expect(voices.getByRole('button', { name: 'Edit Workshop' })).toBeVisible()
    expect(voices.getByRole('button', { name: 'Delete Atelier' })).toBeVisible()
  })

  it('creates a voice from the form, sends it trimmed, and moves the focus to the new voice', async () => {
    const user = userEvent.setup()
    const calls = apiWithVoices([])
    const voices = await section()
    expect(await voices.findByText('You have no brand voices yet.')).toBeVisible()

    await user.click(voices.getByRole('button', { name: 'New voice' }))
    const form = await openDialog('New brand voice')
    await waitFor(() => expect(form.getByRole('textbox', { name: /^Name/ })).toHaveFocus())
    await user.type(form.getByRole('textbox', { name: /^Name/ }), ' Workshop ')
    await user.type(form.getByRole('textbox', { name: 'Audience' }), 'People who buy handmade gifts')
    await user.type(form.getByRole('textbox', { name: 'Tone' }), 'Warm')
    await user.type(form.getByRole('combobox', { name: 'Words to use' }), 'handmade{Enter}small batch{Enter}')
    await user.type(form.getByRole('combobox', { name: 'Words to avoid' }), 'cheap{Enter}')
    await user.type(form.getByRole('textbox', { name: 'Sample paragraph' }), 'Every mug is thrown by hand.')
    await user.click(form.getByRole('button', { name: 'Save voice' }))

    const edit = await voices.findByRole('button', { name: 'Edit Workshop' })
    expect(calls.create).toEqual([
      {
        name: 'Workshop',
        audience: 'People who buy handmade gifts',
        tone: 'Warm',
        wordsToUse: ['handmade', 'small batch'],
        wordsToAvoid: ['cheap'],
        sample: 'Every mug is thrown by hand.',
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(edit).toHaveFocus())
    expect(await screen.findByText('Brand voice “Workshop” saved')).toBeVisible()
    expect(voices.getByText('1 of 10 voices')).toBeVisible()
  })

  it('edits a voice: the form starts from what it says, and the list shows the change', async () => {
    const user = userEvent.setup()
    const calls = apiWithVoices([storedVoice()])
    const voices = await section()
    await user.click(await voices.findByRole('button', { name: 'Edit Workshop' }))
    const form = await openDialog('Edit “Workshop”')
    expect(form.getByRole('textbox', { name: 'Tone' })).toHaveValue('Warm')
    await user.clear(form.getByRole('textbox', { name: 'Tone' }))
    await user.type(form.getByRole('textbox', { name: 'Tone' }), 'Playful')
    await user.type(form.getByRole('combobox', { name: 'Words to avoid' }), 'bargain{Enter}')
    await user.click(form.getByRole('button', { name: 'Save voice' }))

    expect(await voices.findByText('Tone: Playful')).toBeVisible()
    expect(calls.update).toEqual([
      {
        id: 'voice-1',
        voice: {
          name: 'Workshop',
          audience: 'People who buy handmade gifts',
          tone: 'Playful',
          wordsToUse: ['handmade', 'small batch'],
          wordsToAvoid: ['cheap', 'bargain'],
          sample: 'Every mug is thrown by hand in our Portland studio.',
        },
      },
    ])
    await waitFor(() => expect(voices.getByRole('button', { name: 'Edit Workshop' })).toHaveFocus())
  })

  it('checks the form before sending, and takes the focus to what needs fixing', async () => {
    const user = userEvent.setup()
    const calls = apiWithVoices([])
    const voices = await section()
    await user.click(await voices.findByRole('button', { name: 'New voice' }))
    const form = await openDialog('New brand voice')
    const name = form.getByRole('textbox', { name: /^Name/ })
    await user.click(form.getByRole('button', { name: 'Save voice' }))
    await waitFor(() => expect(name).toHaveFocus())
    expect(name).toHaveAccessibleDescription(/Give the voice a name/)

    await user.type(name, 'Workshop')
    const avoid = form.getByRole('combobox', { name: 'Words to avoid' })
    await user.type(form.getByRole('combobox', { name: 'Words to use' }), 'cheap{Enter}')
    await user.type(avoid, 'Cheap{Enter}')
    await user.click(form.getByRole('button', { name: 'Save voice' }))
    await waitFor(() => expect(avoid).toHaveFocus())
    expect(avoid).toHaveAccessibleDescription(/“cheap” cannot be both used and avoided/)
    expect(calls.create).toEqual([])
  })

  it("shows the server's refusal in the form, as it comes, and keeps what was typed", async () => {
    const user = userEvent.setup()
    const calls = apiWithVoices([storedVoice()])
    const voices = await section()
    await user.click(await voices.findByRole('button', { name: 'New voice' }))
    const form = await openDialog('New brand voice')
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Workshop')
    await user.click(form.getByRole('button', { name: 'Save voice' }))

    const alert = await form.findByRole('alert')
    expect(alert.textContent).toContain('You already have a brand voice named "Workshop"')
    expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Workshop')
    expect(calls.create).toHaveLength(1)
    expect(voices.getAllByTestId('brand-voice')).toHaveLength(1)
  })

  it('deletes a voice only after the confirmation; Cancel keeps it and returns the focus', async () => {
    const user = userEvent.setup()
    const calls = apiWithVoices([storedVoice()])
    const voices = await section()
    const deleteButton = await voices.findByRole('button', { name: 'Delete Workshop' })
    await user.click(deleteButton)
    const confirm = await openDialog('Delete this brand voice?')
    await waitFor(() => expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await user.click(confirm.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(deleteButton).toHaveFocus())
    expect(calls.delete).toEqual([])

    await user.click(deleteButton)
    const dialog = await openDialog('Delete this brand voice?')
    await user.click(dialog.getByRole('button', { name: 'Delete' }))
    expect(await voices.findByText('You have no brand voices yet.')).toBeVisible()
    expect(calls.delete).toEqual([{ id: 'voice-1' }])
    expect(await screen.findByText('Brand voice “Workshop” deleted')).toBeVisible()
    await waitFor(() => expect(voices.getByRole('button', { name: 'New voice' })).toHaveFocus())
  })

  it('disables New voice at the limit and says why', async () => {
    apiWithVoices([storedVoice(), storedVoice({ id: 'voice-2', name: 'Atelier' })], 2)
    const voices = await section()
    const add = await voices.findByRole('button', { name: 'New voice' })
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription('You have 2 voices, the most you can keep. Delete one to add another.')
    expect(voices.getByText('2 of 2 voices')).toBeVisible()
  })
})
