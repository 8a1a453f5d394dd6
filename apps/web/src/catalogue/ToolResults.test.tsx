import { notifications } from '@mantine/notifications'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { AppProviders } from '../app/AppProviders.tsx'
import { createQueryClient } from '../app/query-client.ts'
import { createRouterContext } from '../app/router-context.ts'
import { createAppRouter } from '../app/router.ts'
import { testI18n } from '../i18n/testing.ts'
import { LOCAL_CONFIG, toolCard } from '../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../test/fake-api.ts'
import { takeChargeOfBookmarkHold } from '../test/removed-bookmark-hold.ts'
import { ADA } from '../test/render.tsx'
import { createApiClient } from '../trpc/client.ts'

const CATEGORIES = ['All Tools', 'SEO Tools']
const bio = toolCard({ name: 'X Bio Generator' })
const seo = toolCard({ name: 'SEO Title Writer', labels: ['All Tools', 'SEO Tools'] })

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

/** The app at `path`, like renderApp, with its query client at hand (to start a background refetch). */
function renderAppWithClient(path: string) {
  const queryClient = createQueryClient()
  const trpcClient = createApiClient('http://localhost/trpc')
  const router = createAppRouter({
    context: createRouterContext(queryClient, trpcClient, testI18n),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <AppProviders
      i18n={testI18n}
      queryClient={queryClient}
      trpcClient={trpcClient}
      navigate={(to) => void router.navigate({ href: to })}
      env="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return queryClient
}

describe('catalogue results', () => {
  it('keeps the cards shown when a background refetch fails, with a small note, Try again and progress', async () => {
    const user = userEvent.setup()
    // How the server answers the category list: at once, with an error, or when the test says.
    let server: 'answers' | 'fails' | 'holds' = 'answers'
    let answerHeld: (cards: ToolCard[]) => void = () => {}
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': () => {
        if (server === 'fails') throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong')
        if (server === 'holds') return new Promise((resolve) => (answerHeld = resolve))
        return [bio, seo]
      },
    })
    const queryClient = renderAppWithClient('/')
    await screen.findByRole('article', { name: 'X Bio Generator' })

    server = 'fails'
    void queryClient.refetchQueries({ type: 'active' }) // fails, and so does the app's one retry
    const note = await screen.findByTestId('refresh-failed')
    expect(note.textContent).toContain('These tools could not be refreshed.')
    expect(screen.getByRole('article', { name: 'X Bio Generator' })).toBeVisible()
    expect(screen.queryByText('The tools could not be loaded.')).toBeNull()

    server = 'holds'
    await user.click(within(note).getByRole('button', { name: 'Try again' }))
    const retrying = await within(note).findByRole('button', { name: 'Retrying…' })
    expect(retrying.getAttribute('aria-disabled')).toBe('true')
    expect(screen.getByRole('article', { name: 'X Bio Generator' })).toBeVisible()
    answerHeld([seo])
    await waitFor(() => expect(screen.queryByTestId('refresh-failed')).toBeNull())
    expect(screen.queryByRole('article', { name: 'X Bio Generator' })).toBeNull()
  })

  it('shows the error with Try again when nothing could be loaded', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong')
      },
    })
    renderAppWithClient('/')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The tools could not be loaded.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  })

  it(
    'in My Tools, hands focus to the next card’s toggle ' + 'when a focused one is removed, then to the My Tools tab',
    async () => {
      const user = userEvent.setup()
      const hold = takeChargeOfBookmarkHold()
      fakeApi({
        'system.config': LOCAL_CONFIG,
        'auth.me': ADA,
        'tools.categories': CATEGORIES,
        'tools.byCategory': [bio, seo],
        'bookmarks.list': [
          { ...bio, isBookmarked: true },
          { ...seo, isBookmarked: true },
        ],
        'bookmarks.set': (input: unknown) => input,
      })
      renderAppWithClient('/?mytools')
      const removeFocused = async (name: string) => {
        const toggle = await within(screen.getByRole('article', { name })).findByRole('button', {
          name: `Bookmark ${name}`,
        })
        toggle.focus()
        await user.click(toggle)
        await hold.end()
        await waitFor(() => expect(screen.queryByRole('article', { name })).toBeNull())
      }
      await screen.findByRole('article', { name: 'SEO Title Writer' })

      await removeFocused('X Bio Generator')
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bookmark SEO Title Writer' })),
      )
      await removeFocused('SEO Title Writer')
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'My Tools' })))
    },
  )
})
