import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import { mediaApi } from '../generator/media/testing.ts'
import { similarTools, TOOL_ID, toolDetail } from '../generator/testing/tool-fixtures.ts'
import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { fakeApi } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'

afterEach(() => vi.unstubAllGlobals())

/** The bulk page's list: no runs yet, under the server's row limit. */
const BULK_LIST = { 'bulk.list': { jobs: [], maxRows: 10_000 } }

/** The page of a tool of `kind` (a text tool with its own form, or a dedicated one), its form shown. */
async function openToolPage(kind: ToolKind) {
  if (kind === 'generic') {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.get': { tool: toolDetail(), similar: similarTools(2) },
      'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
      ...BULK_LIST,
    })
  } else {
    mediaApi(kind, BULK_LIST)
  }
  const router = renderApp(`/generate?id=${TOOL_ID}`)
  await screen.findByRole('button', { name: /^(Generate|Paraphrase)$/ })
  return router
}

describe('Run on many rows', () => {
  it.each(['generic', 'image', 'text_to_audio'] as const)(
    'leads from a %s tool to a bulk run with it',
    async (kind) => {
      await openToolPage(kind)
      expect(screen.getByRole('link', { name: 'Run on many rows' })).toHaveAttribute('href', `/bulk?tool=${TOOL_ID}`)
    },
  )

  it.each(['paraphrase', 'transcription'] as const)(
    'is not offered by a %s tool, which no bulk run takes',
    async (kind) => {
      await openToolPage(kind)
      expect(screen.queryByRole('link', { name: 'Run on many rows' })).toBeNull()
    },
  )

  it.each([
    ['image', 'The image tool', ['Prompt', 'Quality', 'Style']],
    ['text_to_audio', 'The text_to_audio tool', ['Text', 'Voice']],
  ] as const)(
    'opens a new run of the %s tool, its columns mapped to that tool’s fields',
    async (kind, name, fields) => {
      const user = userEvent.setup()
      const router = await openToolPage(kind)
      await user.click(screen.getByRole('link', { name: 'Run on many rows' }))
      await waitFor(() => expect(router.state.location.href).toBe(`/bulk?tool=${TOOL_ID}`))

      expect(await screen.findByRole('heading', { level: 2, name: 'New bulk run' })).toBeVisible()
      expect(screen.getByText(`Tool: ${name}`)).toBeVisible()
      const csv = `${fields.join(',')}\n${fields.map((_, index) => (index === 0 ? 'A fox' : '')).join(',')}\n`
      await user.upload(screen.getByLabelText('CSV file'), new File([csv], 'rows.csv', { type: 'text/csv' }))
      for (const [column, field] of fields.entries()) {
        expect(await screen.findByRole('combobox', { name: new RegExp(`^${field}`) })).toHaveValue(String(column))
      }
    },
  )
})
