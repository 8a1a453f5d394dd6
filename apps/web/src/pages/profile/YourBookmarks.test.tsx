import { notifications, notificationsStore } from '@mantine/notifications'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'

import { MESSAGES } from '@promptly/core/messages'

import { AppProviders } from '../../app/AppProviders.tsx'
import { createQueryClient } from '../../app/query-client.ts'
import { createRouterContext } from '../../app/router-context.ts'
import { createAppRouter } from '../../app/router.ts'
import { testI18n } from '../../i18n/testing.ts'
import { LOCAL_CONFIG, toolCard } from '../../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../../test/fake-api.ts'
import { takeChargeOfBookmarkHold } from '../../test/removed-bookmark-hold.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'
import { createApiClient } from '../../trpc/client.ts'

const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }
/** What the profile's plan section reads besides the limits (a missing answer would toast an error). */
const PLANS = { offers: [], showTop: false, current: null }
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

/** Every toast message shown during the test, in order, including those already closed. */
let shownToasts: string[] = []
const seenToastIds = new Set<string>()
const stopRecordingToasts = notificationsStore.subscribe(({ notifications: open }) => {
  for (const toast of open) {
    if (toast.id !== undefined && !seenToastIds.has(toast.id)) {
      seenToastIds.add(toast.id)
      shownToasts.push(String(toast.message))
    }
  }
})

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
  shownToasts = []
  seenToastIds.clear()
})

afterAll(() => stopRecordingToasts())

const rows = () => within(screen.getByTestId('profile-bookmarks')).getAllByRole('listitem')

/** The app at /profile, like renderApp, with its query client at hand. */
function renderProfileWith() {
  const queryClient = createQueryClient()
  const trpcClient = createApiClient('http://localhost/trpc')
  const router = createAppRouter({
    context: createRouterContext(queryClient, trpcClient, testI18n),
    history: createMemoryHistory({ initialEntries: ['/profile'] }),
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

const bookmarks = [
  toolCard({ name: 'SEO Meta Description Generator', isBookmarked: true }),
  toolCard({ name: 'Cold Email Generator', isBookmarked: true }),
  toolCard({ name: 'AI Logo Generator', isBookmarked: true, upcoming: true }),
  toolCard({ name: 'Blog Title Generator', isBookmarked: true }),
  toolCard({ name: 'Tone Changer', isBookmarked: true }),
  toolCard({ name: 'AI Translator', isBookmarked: true }),
]

describe('profile: Your Bookmarks', () => {
  it('shows the first 4 bookmarks with names cut to 28 characters, Generate and View All', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': PLANS,
      'bookmarks.list': bookmarks,
    })
    renderApp('/profile')
    const list = await screen.findByTestId('profile-bookmarks')
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(4)
    expect(rows[0]!.textContent).toContain('SEO Meta Description Generat...')
    expect(within(rows[0]!).getByText('SEO Meta Description Generator')).toBeVisible() // for screen readers
    expect(rows[1]!.textContent).toContain('Cold Email Generator')
    expect(rows[1]!.textContent).not.toContain('...')
    expect(screen.queryByText('Tone Changer')).toBeNull()

    const generate = within(rows[1]!).getByRole('link', { name: /^Generate/ })
    expect(generate.getAttribute('href')).toBe(`/generate?id=${bookmarks[1]!.id}`)
    expect(generate.getAttribute('target')).toBe('_blank')
    expect(within(rows[2]!).queryByRole('link')).toBeNull() // upcoming: Coming Soon instead
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/?mytools=true')
  })

  it('removes a bookmark from the list when its toggle is pressed, once its hold ends', async () => {
    const user = userEvent.setup()
    const hold = takeChargeOfBookmarkHold()
    const toggled: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': PLANS,
      'bookmarks.list': bookmarks,
      'bookmarks.set': (input: unknown) => {
        toggled.push(input)
        return { toolId: bookmarks[1]!.id, bookmarked: false }
      },
    })
    renderApp('/profile')
    const toggle = await screen.findByRole('button', { name: 'Bookmark Cold Email Generator' })
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    await user.click(toggle)
    // The server has answered; the row is still shown as removed, in its place, while the hold lasts.
    await waitFor(() => expect(shownToasts).toEqual([MESSAGES.bookmarkRemoved]))
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(rows()[1]!.textContent).toContain('Removed')

    await hold.end()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Bookmark Cold Email Generator' })).toBeNull())
    // The fifth bookmark moves up into the four shown.
    expect(rows()).toHaveLength(4)
    expect(screen.getByText('Tone Changer')).toBeVisible()
    // Shown once. Read from every toast shown so far, not those still open: a toast closes after 4 s,
    // which a loaded machine can spend between the toggle settling and this line.
    expect(shownToasts).toEqual([MESSAGES.bookmarkRemoved])
    // The request says what is wanted, not "flip".
    expect(toggled).toEqual([{ toolId: bookmarks[1]!.id, bookmarked: false }])
  })

  it(
    'a second click while the removed bookmark is held lands on the same pending toggle, ' +
      'never on the bookmark that moves up',
    async () => {
      const user = userEvent.setup()
      const hold = takeChargeOfBookmarkHold()
      const toggled: unknown[] = []
      fakeApi({
        'system.config': LOCAL_CONFIG,
        'auth.me': ADA,
        'credits.limits': LIMITS,
        'plans.list': PLANS,
        'bookmarks.list': bookmarks,
        // A fast server: the first toggle has its answer before the second click.
        'bookmarks.set': (input: unknown) => {
          toggled.push(input)
          const { toolId, bookmarked } = input as { toolId: string; bookmarked: boolean }
          return { toolId, bookmarked }
        },
      })
      renderApp('/profile')
      await screen.findByRole('button', { name: 'Bookmark Cold Email Generator' })
      const toggleAt = (index: number) => within(rows()[index]!).getByRole('button', { name: /^Bookmark / })

      await user.click(toggleAt(1))
      await waitFor(() => expect(toastMessages()).toEqual([MESSAGES.bookmarkRemoved]))
      // The server has answered: what is now at the same place is still the removed row, its toggle pending.
      const second = toggleAt(1)
      expect(second).toHaveAccessibleName('Bookmark Cold Email Generator')
      expect(second).toHaveAttribute('aria-disabled', 'true')
      await user.click(second)

      await hold.end()
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Bookmark Cold Email Generator' })).toBeNull())
      expect(toggled).toEqual([{ toolId: bookmarks[1]!.id, bookmarked: false }])
      expect(toastMessages()).toEqual([MESSAGES.bookmarkRemoved])
      expect(rows().map((_, index) => toggleAt(index).getAttribute('aria-pressed'))).toEqual([
        'true',
        'true',
        'true',
        'true',
      ])
      expect(rows()[1]!.textContent).toContain('AI Logo Generator')
    },
  )

  it(
    'hands focus to the next toggle when the focused one ' + 'is removed, else the previous one, else the heading',
    async () => {
      const user = userEvent.setup()
      const hold = takeChargeOfBookmarkHold()
      const few = bookmarks.slice(0, 2)
      fakeApi({
        'system.config': LOCAL_CONFIG,
        'auth.me': ADA,
        'credits.limits': LIMITS,
        'plans.list': PLANS,
        'bookmarks.list': few,
        'bookmarks.set': (input: unknown) => input,
      })
      renderApp('/profile')
      const pressFocused = async (name: string) => {
        const toggle = screen.getByRole('button', { name: `Bookmark ${name}` })
        toggle.focus()
        await user.click(toggle)
        await hold.end()
        await waitFor(() => expect(screen.queryByRole('button', { name: `Bookmark ${name}` })).toBeNull())
      }
      await screen.findByRole('button', { name: 'Bookmark Cold Email Generator' })

      await pressFocused('SEO Meta Description Generator') // first of two: the next one takes its place
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bookmark Cold Email Generator' })),
      )

      await pressFocused('Cold Email Generator') // the last one: the list's heading
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your Bookmarks' })))
    },
  )

  it('hands focus to the previous toggle when the last row is removed', async () => {
    const user = userEvent.setup()
    const hold = takeChargeOfBookmarkHold()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': PLANS,
      'bookmarks.list': bookmarks.slice(0, 3),
      'bookmarks.set': (input: unknown) => input,
    })
    renderApp('/profile')
    const last = await screen.findByRole('button', { name: 'Bookmark AI Logo Generator' })
    last.focus()
    await user.click(last)
    await hold.end()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Bookmark AI Logo Generator' })).toBeNull())
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bookmark Cold Email Generator' })),
    )
  })

  it('keeps the bookmarks shown when a background refresh fails, with a note, Try again and progress', async () => {
    const user = userEvent.setup()
    let listCalls = 0
    let failing = true
    let answerRetry: (cards: typeof bookmarks) => void = () => {}
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': PLANS,
      'apiKeys.list': [],
      'voices.list': { voices: [], pickedId: null, limit: 10 },
      'bookmarks.list': () => {
        listCalls += 1
        if (listCalls === 1) return bookmarks
        if (failing) throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong')
        return new Promise((resolve) => (answerRetry = resolve))
      },
    })
    const queryClient = renderProfileWith()
    await screen.findByRole('button', { name: 'Bookmark Cold Email Generator' })

    void queryClient.refetchQueries() // a background refresh (the app's one retry fails too)
    const note = await screen.findByTestId('refresh-failed')
    expect(note.textContent).toContain('Your bookmarks could not be refreshed.')
    expect(rows()).toHaveLength(4) // still there, not replaced by an error
    expect(screen.queryByRole('alert')).toBeNull()

    failing = false
    await user.click(within(note).getByRole('button', { name: 'Try again' }))
    const retrying = await within(note).findByRole('button', { name: 'Retrying…' })
    expect(retrying.getAttribute('aria-disabled')).toBe('true')
    answerRetry(bookmarks.slice(1))
    await waitFor(() => expect(screen.queryByTestId('refresh-failed')).toBeNull())
    expect(rows()[0]!.textContent).toContain('Cold Email Generator')
  })

  it('says so when there are no bookmarks', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'plans.list': PLANS,
      'bookmarks.list': [],
    })
    renderApp('/profile')
    expect(await screen.findByText(/You have not bookmarked any tools yet/)).toBeVisible()
  })
})
