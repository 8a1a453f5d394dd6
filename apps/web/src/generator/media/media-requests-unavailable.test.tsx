import { notifications } from '@mantine/notifications'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'

import { renderApp } from '../../test/render-app.tsx'
import { TOOL_ID } from '../testing/tool-fixtures.ts'
import { mediaApi, toastMessages } from './testing.ts'

// The request schemas' chunk cannot be fetched (offline, a deploy in between).
vi.mock('@promptly/core/generation/media', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

afterEach(() => notifications.clean())

it('says the generation could not be completed when the form cannot load its checks, and sends nothing', async () => {
  const user = userEvent.setup()
  const sent: unknown[] = []
  mediaApi('image', { 'generation.image': (input: unknown) => sent.push(input) })
  renderApp(`/generate?id=${TOOL_ID}`)
  await user.type(await screen.findByRole('textbox', { name: 'Describe the image' }), 'A red fox')
  await user.click(screen.getByRole('button', { name: 'Generate' }))
  await waitFor(() => expect(toastMessages()).toContain('The generation could not be completed. Please try again.'))
  expect(sent).toEqual([])
  // The form stays as it was, ready for another try.
  expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', false)
})
