import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { LOCAL_CONFIG } from '../../../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { ADA } from '../../../test/render.tsx'

const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }
const FULL_KEY = `prly_${'k'.repeat(43)}`

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

interface FakeKey {
  id: string
  name: string
  prefix: string
  scopes: string[]
  createdAt: Date
  lastUsedAt: Date | null
  revokedAt: Date | null
}

const storedKey = (overrides: Partial<FakeKey> = {}): FakeKey => ({
  id: 'key-1',
  name: 'Nightly report',
  prefix: 'prly_AbCdEfG',
  scopes: ['read'],
  createdAt: new Date('2026-11-20T09:00:00Z'),
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
})

/** A fake server that keeps the keys, so the list answers what create and revoke left. */
function apiWithKeys(initial: FakeKey[]) {
  let keys = [...initial]
  const calls = { create: [] as unknown[], revoke: [] as unknown[] }
  fakeApi({
    'system.config': LOCAL_CONFIG,
    'auth.me': ADA,
    'credits.limits': LIMITS,
    'bookmarks.list': [],
    'apiKeys.list': () => keys,
    'apiKeys.create': (input: unknown) => {
      calls.create.push(input)
      const { name, scopes } = input as { name: string; scopes: string[] }
      if (keys.length >= 10) throw new FakeTrpcError('CONFLICT', 409, 'You already have 10 active API keys')
      const apiKey = storedKey({ id: `key-${keys.length + 1}`, name, scopes, prefix: FULL_KEY.slice(0, 12) })
      keys = [apiKey, ...keys]
      return { key: FULL_KEY, apiKey }
    },
    'apiKeys.revoke': (input: unknown) => {
      calls.revoke.push(input)
      const { id } = input as { id: string }
      const revoked = { ...keys.find((key) => key.id === id)!, revokedAt: new Date() }
      keys = keys.filter((key) => key.id !== id)
      return revoked
    },
  })
  return calls
}

/** The profile page rendered, and its API keys section. */
async function section() {
  renderApp('/profile')
  return within(await screen.findByRole('region', { name: 'API keys' }))
}

describe('profile: API keys', () => {
  it('lists the active keys with their prefix, scopes and dates, never a whole key', async () => {
    apiWithKeys([storedKey({ scopes: ['read', 'generate'], lastUsedAt: new Date('2026-11-24T12:00:00Z') })])
    const keys = await section()
    const row = (await keys.findByRole('cell', { name: 'Nightly report' })).closest('tr')!
    expect(row.textContent).toContain('prly_AbCdEfG…')
    expect(within(row).getByText('read')).toBeVisible()
    expect(within(row).getByText('generate')).toBeVisible()
    expect(row.textContent).not.toContain('Never')
  })

  it('creates a read-only key by default and shows it once, with the warning, until Done', async () => {
    const user = userEvent.setup()
    const calls = apiWithKeys([])
    const keys = await section()
    expect(await keys.findByText('You have no API keys.')).toBeVisible()
    expect((keys.getByRole('checkbox', { name: /Read/ }) as HTMLInputElement).checked).toBe(true)
    expect((keys.getByRole('checkbox', { name: /Generate/ }) as HTMLInputElement).checked).toBe(false)

    await user.type(keys.getByRole('textbox', { name: /Key name/ }), 'Report script')
    await user.click(keys.getByRole('button', { name: 'Create key' }))

    const field = (await keys.findByRole('textbox', { name: 'API key' })) as HTMLInputElement
    expect(field.value).toBe(FULL_KEY)
    expect(field.readOnly).toBe(true)
    expect(keys.getByText(/it will not be shown again/)).toBeVisible()
    expect(calls.create).toEqual([{ name: 'Report script', scopes: ['read'] }])
    expect(await keys.findByRole('cell', { name: 'Report script' })).toBeVisible()

    await user.click(keys.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(keys.queryByRole('textbox', { name: 'API key' })).toBeNull())
    expect(document.body.textContent).not.toContain(FULL_KEY)
  })

  it('asks for a name and at least one scope before creating anything', async () => {
    const user = userEvent.setup()
    const calls = apiWithKeys([])
    const keys = await section()
    await user.click(keys.getByRole('button', { name: 'Create key' }))
    expect((await keys.findByRole('alert')).textContent).toBe('Give the key a name')
    await user.type(keys.getByRole('textbox', { name: /Key name/ }), 'x')
    await user.click(keys.getByRole('checkbox', { name: /Read/ }))
    await user.click(keys.getByRole('button', { name: 'Create key' }))
    await waitFor(() => expect(keys.getByRole('alert').textContent).toBe('Choose at least one scope'))
    expect(calls.create).toEqual([])
  })

  it("shows the server's reason when a key cannot be created (the 10-key limit)", async () => {
    const user = userEvent.setup()
    apiWithKeys(Array.from({ length: 10 }, (_, index) => storedKey({ id: `key-${index}`, name: `Key ${index}` })))
    const keys = await section()
    await user.type(keys.getByRole('textbox', { name: /Key name/ }), 'eleventh')
    await user.click(keys.getByRole('button', { name: 'Create key' }))
    await waitFor(() => expect(keys.getByRole('alert').textContent).toBe('You already have 10 active API keys'))
  })

  it('revokes a key after the confirmation, and Cancel keeps it', async () => {
    const user = userEvent.setup()
    const calls = apiWithKeys([storedKey()])
    const keys = await section()
    await user.click(await keys.findByRole('button', { name: 'Revoke Nightly report' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this API key?' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.revoke).toEqual([])

    await user.click(keys.getByRole('button', { name: 'Revoke Nightly report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' })
    expect(dialog.textContent).toContain('Nightly report')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await keys.findByText('You have no API keys.')).toBeVisible()
    expect(calls.revoke).toEqual([{ id: 'key-1' }])
  })
})
