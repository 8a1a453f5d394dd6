import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { GenerationEvent, RunGenerationInput } from '@promptly/api/generation/run.schema'

import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'
import { fakeApiWithGeneration } from './testing/fake-generation-server.ts'
import { similarTools, TOOL_ID, toolDetail } from './testing/tool-fixtures.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

const idOf = (run: number, variant: number) => `${run}0000000-0000-4000-8000-00000000000${variant}`

/**
 * Writes each variant asked for (`n`), the variant numbered `failing` failing instead; each run's
 * texts name the run, so a regenerated slot shows a new text.
 */
function variantsServer(failing: number | null = null) {
  let runNumber = 0
  const kept: unknown[] = []
  const server = fakeApiWithGeneration(
    {
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.get': { tool: toolDetail(), similar: similarTools(2) },
      'credits.limits': { plan: 'free', current_limit: 20, max_limit: 30 },
      'voices.list': { voices: [], pickedId: null, limit: 10 },
      'generation.keep': (input: unknown) => {
        kept.push(input)
        return input
      },
    },
    async function* (input: RunGenerationInput): AsyncGenerator<GenerationEvent, void, undefined> {
      runNumber += 1
      const run = runNumber
      for (let variant = 0; variant < input.n; variant += 1) {
        const generationId = idOf(run, variant)
        yield { type: 'started', variant, generationId, cost: 1, localModel: true }
        if (variant === failing) {
          yield { type: 'failed', variant, generationId, message: 'The AI service is unavailable right now.' }
          continue
        }
        yield { type: 'chunk', variant, text: `<p>Run ${run}, variant ${variant + 1}</p>` }
        yield {
          type: 'done',
          variant,
          generationId,
          output: `<p>Run ${run}, variant ${variant + 1}</p>`,
          creditsLeft: 17,
        }
      }
    },
  )
  return { ...server, kept }
}

async function generateThree(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Who you are/ }), 'A designer')
  await user.type(screen.getByRole('textbox', { name: /What you post about/ }), 'UX')
  await user.click(screen.getByRole('radio', { name: '3' }))
  await user.click(screen.getByRole('button', { name: 'Generate' }))
}

const card = (number: number) => screen.getByRole('article', { name: new RegExp(`^Variant ${number}`) })

describe('generator variants', () => {
  it('asks for three variants and shows them side by side, each with Copy, Keep and Regenerate', async () => {
    const server = variantsServer()
    const user = userEvent.setup()
    renderApp(`/generate?id=${TOOL_ID}`)
    await generateThree(user)
    await waitFor(() => expect(within(card(3)).getByText('Run 1, variant 3')).toBeVisible())
    expect(server.runs.at(-1)).toMatchObject({ toolId: TOOL_ID, n: 3, voiceId: null })
    for (const number of [1, 2, 3]) {
      expect(within(card(number)).getByText(`Run 1, variant ${number}`)).toBeVisible()
      expect(within(card(number)).getByRole('button', { name: 'Copy' })).toBeEnabled()
      expect(within(card(number)).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'false')
      expect(within(card(number)).getByRole('button', { name: `Regenerate variant ${number}` })).toBeEnabled()
    }
  })

  it('keeps a variant: the server is told, and the button shows it pressed', async () => {
    const server = variantsServer()
    const user = userEvent.setup()
    renderApp(`/generate?id=${TOOL_ID}`)
    await generateThree(user)
    await waitFor(() => expect(within(card(2)).getByRole('button', { name: 'Keep' })).toBeEnabled())
    await user.click(within(card(2)).getByRole('button', { name: 'Keep' }))
    await waitFor(() =>
      expect(within(card(2)).getByRole('button', { name: 'Keep' })).toHaveAttribute('aria-pressed', 'true'),
    )
    expect(server.kept).toEqual([{ id: idOf(1, 1), kept: true }])
  })

  it('regenerates one variant alone: one variant asked for, only its card changes', async () => {
    const server = variantsServer()
    const user = userEvent.setup()
    renderApp(`/generate?id=${TOOL_ID}`)
    await generateThree(user)
    await waitFor(() => expect(within(card(3)).getByText('Run 1, variant 3')).toBeVisible())
    await user.click(within(card(2)).getByRole('button', { name: 'Regenerate variant 2' }))
    await waitFor(() => expect(within(card(2)).getByText('Run 2, variant 1')).toBeVisible())
    expect(server.runs.at(-1)).toMatchObject({ n: 1 })
    expect(within(card(1)).getByText('Run 1, variant 1')).toBeVisible()
    expect(within(card(3)).getByText('Run 1, variant 3')).toBeVisible()
  })

  it('shows a failed variant in its own card, beside the others that succeeded', async () => {
    variantsServer(1)
    const user = userEvent.setup()
    renderApp(`/generate?id=${TOOL_ID}`)
    await generateThree(user)
    await waitFor(() => expect(within(card(2)).getByText('The AI service is unavailable right now.')).toBeVisible())
    expect(within(card(1)).getByText('Run 1, variant 1')).toBeVisible()
    expect(within(card(3)).getByText('Run 1, variant 3')).toBeVisible()
    expect(within(card(2)).getByRole('button', { name: 'Keep' })).toBeDisabled()
  })
})
