import { MESSAGES } from '@promptly/core/messages'
import { notifications, notificationsStore } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCAL_CONFIG, toolCard } from '../../test/catalogue-fixtures.ts'
import { fakeApi } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }
const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

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
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA, 'credits.limits': LIMITS, 'bookmarks.list': bookmarks })
    renderApp('/profile')
    const list = await screen.findByTestId('profile-bookmarks')
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(4)
    expect(rows[0]!.textContent).toContain('SEO Meta Description Generat...')
    expect(within(rows[0]!).getByText('SEO Meta Description Generator')).toBeTruthy() // for screen readers
    expect(rows[1]!.textContent).toContain('Cold Email Generator')
    expect(rows[1]!.textContent).not.toContain('...')
    expect(screen.queryByText('Tone Changer')).toBeNull()

    const generate = within(rows[1]!).getByRole('link', { name: /^Generate/ })
    expect(generate.getAttribute('href')).toBe(`/generate?id=${bookmarks[1]!.id}`)
    expect(generate.getAttribute('target')).toBe('_blank')
    expect(within(rows[2]!).queryByRole('link')).toBeNull() // upcoming: Coming Soon instead
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/?mytools=true')
  })

  it('removes a bookmark from the list when its toggle is pressed', async () => {
    const toggled: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'bookmarks.list': bookmarks,
      'bookmarks.toggle': (input: unknown) => {
        toggled.push(input)
        return { toolId: bookmarks[1]!.id, bookmarked: false }
      },
    })
    renderApp('/profile')
    const toggle = await screen.findByRole('button', { name: 'Bookmark Cold Email Generator' })
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(toggle)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Bookmark Cold Email Generator' })).toBeNull())
    // The fifth bookmark moves up into the four shown.
    expect(within(screen.getByTestId('profile-bookmarks')).getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByText('Tone Changer')).toBeTruthy()
    await waitFor(() => expect(toastMessages()).toEqual([MESSAGES.bookmarkRemoved]))
    expect(toggled).toEqual([{ toolId: bookmarks[1]!.id }])
  })

  it('says so when there are no bookmarks', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': ADA, 'credits.limits': LIMITS, 'bookmarks.list': [] })
    renderApp('/profile')
    expect(await screen.findByText(/You have not bookmarked any tools yet/)).toBeTruthy()
  })
})
