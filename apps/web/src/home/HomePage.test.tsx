import { notifications, notificationsStore } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { MESSAGES } from '@promptly/core/messages'

import { MOBILE_MAX_WIDTH_QUERY } from '../catalogue/constants.ts'
import { LOCAL_CONFIG, toolCard } from '../test/catalogue-fixtures.ts'
import { fakeApi, FakeTrpcError } from '../test/fake-api.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'
import { retype } from '../test/retype.ts'

const CATEGORIES = ['All Tools', 'In Demand Tools', 'SEO Tools', 'Upcoming Tools']
const bio = toolCard({ name: 'X Bio Generator', labels: ['All Tools', 'In Demand Tools'] })
const seo = toolCard({ name: 'SEO Title Writer', labels: ['All Tools', 'SEO Tools'] })
const logo = toolCard({ name: 'AI Logo Generator', labels: ['All Tools', 'Upcoming Tools'], upcoming: true })
const ALL = [bio, seo, logo]

function byCategory(input: unknown): ToolCard[] {
  const { category } = input as { category: string }
  return category === 'All Tools' ? ALL : ALL.filter((tool) => tool.labels.includes(category))
}

function search(input: unknown): ToolCard[] {
  const { text } = input as { text: string }
  return ALL.filter((tool) => tool.name.toLowerCase().includes(text.toLowerCase()))
}

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function viewportIsMobile() {
  const real = window.matchMedia.bind(window)
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === MOBILE_MAX_WIDTH_QUERY ? Object.defineProperty(real(query), 'matches', { value: true }) : real(query),
  )
}

const card = (name: string) => screen.getByRole('article', { name })

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  notifications.clean()
})

describe('home page catalogue', () => {
  it('shows the hero, the category strip with All Tools highlighted and the All Tools cards', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    renderApp('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock the Power of AI with Promptly' })).toBeVisible()
    expect(screen.getByText(/^Promptly harnesses cutting-edge AI tools .* with daily updates/)).toBeVisible()
    expect(screen.getByPlaceholderText('Search Tools..')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Search Ai tools' })).toBeVisible()

    const strip = await screen.findByRole('group', { name: 'Categories' })
    expect(within(strip).getByRole('button', { name: 'All Tools' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(strip).getByRole('button', { name: 'SEO Tools' }).getAttribute('aria-pressed')).toBe('false')
    expect(within(strip).queryByRole('button', { name: 'My Tools' })).toBeNull()

    await screen.findByRole('article', { name: 'X Bio Generator' })
    // Under the catalogue's h2, in a tab panel with no heading of its own.
    expect(within(card('X Bio Generator')).getByRole('heading', { level: 3, name: 'X Bio Generator' })).toBeVisible()
    const generate = within(card('X Bio Generator')).getByRole('link', { name: /^Generate/ })
    expect(generate.getAttribute('href')).toBe(`/generate?id=${bio.id}`)
    expect(generate.getAttribute('target')).toBe('_blank')
    expect(generate.getAttribute('rel')).toBe('noopener')
    const tab = await screen.findByRole('tab', { name: 'All Tools' })
    expect(tab.getAttribute('aria-selected')).toBe('true')
  })

  it('expands the strip onto several rows and collapses it again', async () => {
    const user = userEvent.setup()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    renderApp('/')
    const strip = await screen.findByRole('group', { name: 'Categories' })
    const toggle = within(strip).getByRole('button', { name: 'Show all' })
    const list = within(strip).getByRole('list')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(list.hasAttribute('data-expanded')).toBe(false)
    await user.click(toggle)
    expect(within(strip).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    expect(list.hasAttribute('data-expanded')).toBe(true)
    await user.click(within(strip).getByRole('button', { name: 'Show less' }))
    expect(list.hasAttribute('data-expanded')).toBe(false)
  })

  it('does not render the strip when there are no categories', async () => {
    fakeApi({ 'system.config': LOCAL_CONFIG, 'auth.me': null, 'tools.categories': [], 'tools.byCategory': [] })
    renderApp('/')
    expect(await screen.findByText('No tools found')).toBeVisible()
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull()
  })

  it('selecting a category from the strip or the tabs shows its tools', async () => {
    const user = userEvent.setup()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    renderApp('/')
    await screen.findByRole('article', { name: 'AI Logo Generator' })
    const strip = screen.getByRole('group', { name: 'Categories' })
    await user.click(within(strip).getByRole('button', { name: 'SEO Tools' }))
    await screen.findByRole('article', { name: 'SEO Title Writer' })
    expect(screen.queryByRole('article', { name: 'X Bio Generator' })).toBeNull()
    expect(screen.getByRole('tab', { name: 'SEO Tools' }).getAttribute('aria-selected')).toBe('true')
  })

  it('going back to a category shows its cached cards at once and refetches them behind', async () => {
    const user = userEvent.setup()
    const asked: string[] = []
    let answer = deferred<ToolCard[]>()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': (input: unknown) => {
        asked.push((input as { category: string }).category)
        return asked.length <= 2 ? byCategory(input) : answer.promise
      },
    })
    renderApp('/')
    await screen.findByRole('article', { name: 'AI Logo Generator' })
    await user.click(screen.getByRole('tab', { name: 'SEO Tools' }))
    await screen.findByRole('article', { name: 'SEO Title Writer' })
    expect(asked).toEqual(['All Tools', 'SEO Tools'])

    await user.click(screen.getByRole('tab', { name: 'All Tools' }))
    expect(screen.getByRole('article', { name: 'AI Logo Generator' })).toBeVisible()
    expect(screen.queryByTestId('tools-loader')).toBeNull()
    await waitFor(() => expect(asked).toEqual(['All Tools', 'SEO Tools', 'All Tools']))
    answer.resolve([bio])
    await waitFor(() => expect(screen.queryByRole('article', { name: 'AI Logo Generator' })).toBeNull())
    expect(screen.getByRole('article', { name: 'X Bio Generator' })).toBeVisible()

    answer = deferred<ToolCard[]>()
    await user.click(screen.getByRole('tab', { name: 'SEO Tools' }))
    expect(screen.getByRole('article', { name: 'SEO Title Writer' })).toBeVisible()
    await waitFor(() => expect(asked).toHaveLength(4))
    answer.resolve([seo])
  })

  it('says when the categories could not be loaded, and Try again brings the strip and the tabs', async () => {
    const user = userEvent.setup()
    let categoriesUp = false
    const retried = deferred<string[]>()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': () => {
        if (!categoriesUp)
          throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong. Please try again.')
        return retried.promise
      },
      'tools.byCategory': byCategory,
    })
    renderApp('/')
    // After the query's one automatic retry.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert.textContent).toContain('The categories could not be loaded')
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Tools'])
    expect(screen.getByRole('article', { name: 'X Bio Generator' })).toBeVisible()

    categoriesUp = true
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    const retrying = await within(alert).findByRole('button', { name: 'Retrying…' })
    expect(retrying.getAttribute('aria-disabled')).toBe('true')
    expect(retrying.hasAttribute('disabled')).toBe(false) // keeps the keyboard focus
    retried.resolve(CATEGORIES)
    expect(await screen.findByRole('group', { name: 'Categories' })).toBeVisible()
    expect(screen.getAllByRole('tab')).toHaveLength(CATEGORIES.length)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('runs the hero search from the button and from Enter', async () => {
    const user = userEvent.setup()
    const searched: string[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'tools.search': (input: unknown) => {
        searched.push((input as { text: string }).text)
        return search(input)
      },
    })
    renderApp('/')
    await screen.findByRole('article', { name: 'X Bio Generator' })
    const box = screen.getByPlaceholderText('Search Tools..')
    await user.type(box, '  seo ')
    await user.click(screen.getByRole('button', { name: 'Search Ai tools' }))
    expect(await screen.findByRole('heading', { name: 'Results for “seo”' })).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'X Bio Generator' })).toBeNull())
    // One level below the 'Results for' h3.
    expect(within(card('SEO Title Writer')).getByRole('heading', { level: 4, name: 'SEO Title Writer' })).toBeVisible()
    expect(screen.getByRole('tablist').querySelector('[aria-selected="true"]')).toBeNull()

    await retype(user, box, 'nothing like it')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('No tools found')).toBeVisible()
    expect(searched).toEqual(['seo', 'nothing like it'])

    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByRole('article', { name: 'X Bio Generator' })).toBeVisible()
  })

  it('shows a spinner with an accessible name while a category loads', async () => {
    const answer = deferred<ToolCard[]>()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': () => answer.promise,
    })
    renderApp('/')
    expect(await screen.findByRole('status', { name: /Loading All Tools/ })).toBeVisible()
    answer.resolve(ALL)
    await screen.findByRole('article', { name: 'X Bio Generator' })
    expect(screen.queryByTestId('tools-loader')).toBeNull()
  })

  it("shows 'Coming Soon...' for an upcoming tool instead of opening it", async () => {
    const user = userEvent.setup()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    renderApp('/')
    const upcoming = await screen.findByRole('article', { name: 'AI Logo Generator' })
    expect(within(upcoming).queryByRole('link')).toBeNull()
    await user.click(within(upcoming).getByRole('button', { name: /^Generate/ }))
    expect(toastMessages()).toEqual([MESSAGES.comingSoon])
  })
})

describe('My Tools', () => {
  it('is the second category for a signed-in user and opens at load with ?mytools', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.list': [{ ...seo, isBookmarked: true }],
    })
    renderApp('/?mytools')
    const tab = await screen.findByRole('tab', { name: 'My Tools' })
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'))
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Tools',
      'My Tools',
      'In Demand Tools',
      'SEO Tools',
      'Upcoming Tools',
    ])
    expect(await screen.findByRole('article', { name: 'SEO Title Writer' })).toBeVisible()
    expect(screen.queryByRole('article', { name: 'X Bio Generator' })).toBeNull()
  })

  it('lists the tools the user built, then the bookmarks, a bookmarked own tool once', async () => {
    const mine = toolCard({ name: 'My Haiku Helper', labels: ['All Tools'] })
    const draft = toolCard({ name: 'Draft Pitch Tool', labels: ['All Tools'] })
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.list': [
        { ...seo, isBookmarked: true },
        { ...mine, isBookmarked: true },
      ],
      'tools.personal.list': [
        { ...draft, published: false },
        { ...mine, isBookmarked: true, published: false },
      ],
    })
    renderApp('/?mytools')
    expect(await screen.findByRole('article', { name: 'My Haiku Helper' })).toBeVisible()
    const names = screen.getAllByRole('article').map((article) => article.querySelector('h2, h3, h4')?.textContent)
    expect(names).toEqual(['Draft Pitch Tool', 'SEO Title Writer', 'My Haiku Helper'])
  })

  it('waits with a spinner while the sign-in loads, every tab still reachable by keyboard', async () => {
    const me = deferred<typeof ADA>()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': () => me.promise,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.list': [{ ...seo, isBookmarked: true }],
    })
    renderApp('/?mytools')
    expect(await screen.findByRole('status', { name: 'Loading My Tools' })).toBeVisible()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.length).toBeGreaterThan(0)
    for (const tab of tabs) expect(tab.tabIndex).toBe(0)

    me.resolve(ADA)
    const myTools = await screen.findByRole('tab', { name: 'My Tools' })
    await waitFor(() => expect(myTools.getAttribute('aria-selected')).toBe('true'))
    expect(await screen.findByRole('article', { name: 'SEO Title Writer' })).toBeVisible()
    expect(screen.queryByRole('status', { name: 'Loading My Tools' })).toBeNull()
  })

  it('drops ?mytools from the address after 5 s, keeping the other parameters', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.list': [],
    })
    const router = renderApp('/?mytools=1&ref=mail')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4900)
    })
    expect(router.state.location.search).toMatchObject({ mytools: true, ref: 'mail' })
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(router.state.location.search).toEqual({ ref: 'mail' })
    expect(router.state.location.pathname).toBe('/')
  })

  it('tells a signed-out visitor to sign in to view bookmarks, and shows All Tools', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    renderApp('/?mytools')
    await screen.findByRole('article', { name: 'X Bio Generator' })
    expect(screen.queryByRole('tab', { name: 'My Tools' })).toBeNull()
    await waitFor(() => expect(toastMessages()).toEqual([MESSAGES.signInToViewBookmarks]))
  })

  it('falls back to All Tools on sign-out, without asking to sign in', async () => {
    const user = userEvent.setup()
    let signedIn = true
    fakeApi(
      {
        'system.config': LOCAL_CONFIG,
        'auth.me': () => (signedIn ? ADA : null),
        'tools.categories': CATEGORIES,
        'tools.byCategory': byCategory,
        'bookmarks.list': [{ ...seo, isBookmarked: true }],
      },
      {
        '/api/auth/local/sign-out': () => {
          signedIn = false
          return new Response(null, { status: 204 })
        },
      },
    )
    renderApp('/?mytools')
    await screen.findByRole('article', { name: 'SEO Title Writer' })
    await user.click(await screen.findByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    await screen.findByRole('link', { name: 'Login' })
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'All Tools' }).getAttribute('aria-selected')).toBe('true'),
    )
    expect(screen.queryByRole('tab', { name: 'My Tools' })).toBeNull()
    expect(await screen.findByRole('article', { name: 'X Bio Generator' })).toBeVisible()
    expect(toastMessages()).toEqual([])
  })

  it('invites the user to bookmark when they have no bookmarks', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.list': [],
    })
    renderApp('/?mytools')
    expect(await screen.findByText('No bookmarks yet')).toBeVisible()
    expect(screen.getByText(/Bookmark a tool/)).toBeVisible()
  })
})

describe('bookmark toggle', () => {
  it('flips at once, sends one request for a double click, and toasts when the server answers', async () => {
    const user = userEvent.setup()
    const answer = deferred<{ toolId: string; bookmarked: boolean }>()
    const toggled: unknown[] = []
    let answered = false
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      // Lists fetched again (a category revisited) carry what the server has stored.
      'tools.byCategory': (input: unknown) =>
        byCategory(input).map((tool) => ({ ...tool, isBookmarked: tool.id === bio.id && answered })),
      'bookmarks.set': (input: unknown) => {
        toggled.push(input)
        return answer.promise
      },
    })
    renderApp('/')
    // In Demand Tools, visited first, is cached: it must follow the toggle, shown at once on return.
    await user.click(await screen.findByRole('tab', { name: 'In Demand Tools' }))
    await screen.findByRole('article', { name: 'X Bio Generator' })
    await user.click(screen.getByRole('tab', { name: 'All Tools' }))
    await screen.findByRole('article', { name: 'AI Logo Generator' })
    const button = within(card('X Bio Generator')).getByRole('button', { name: 'Bookmark X Bio Generator' })
    expect(button.getAttribute('aria-pressed')).toBe('false')
    await user.dblClick(button)
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'))
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await user.click(button)
    expect(toastMessages()).toEqual([])

    answered = true
    answer.resolve({ toolId: bio.id, bookmarked: true })
    await waitFor(() => expect(toastMessages()).toEqual([MESSAGES.bookmarkAdded]))
    expect(button.getAttribute('aria-pressed')).toBe('true')
    await waitFor(() => expect(button.hasAttribute('aria-disabled')).toBe(false))
    expect(toggled).toEqual([expect.objectContaining({ toolId: bio.id })])

    // The same tool in another list shows the new state too.
    await user.click(screen.getByRole('tab', { name: 'In Demand Tools' }))
    const again = await screen.findByRole('button', { name: 'Bookmark X Bio Generator' })
    expect(again.getAttribute('aria-pressed')).toBe('true')
  })

  it('puts the card back when the server refuses', async () => {
    const user = userEvent.setup()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.set': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong. Please try again.')
      },
    })
    renderApp('/')
    const button = await screen.findByRole('button', { name: 'Bookmark SEO Title Writer' })
    await user.click(button)
    await waitFor(() => expect(toastMessages()).toEqual(['Could not update your bookmark. Please try again.']))
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'))
  })

  it('loads /login afresh when the session has ended meanwhile', async () => {
    const user = userEvent.setup()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'bookmarks.set': () => {
        throw new FakeTrpcError('UNAUTHORIZED', 401, 'Please sign in')
      },
    })
    renderApp('/?ref=mail')
    const button = await screen.findByRole('button', { name: 'Bookmark SEO Title Writer' })
    await user.click(button)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?redirect=%2F%3Fref%3Dmail'))
    expect(button.getAttribute('aria-pressed')).toBe('false')
  })

  it('sends a signed-out visitor to /login with the way back', async () => {
    const user = userEvent.setup()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
    })
    const router = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Bookmark X Bio Generator' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/' })
    expect(toastMessages()).toEqual([MESSAGES.signInToBookmark])
  })
})

describe('on a phone', () => {
  it('shows an accordion, and a search becomes a new item that opens', async () => {
    const user = userEvent.setup()
    viewportIsMobile()
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': null,
      'tools.categories': CATEGORIES,
      'tools.byCategory': byCategory,
      'tools.search': search,
    })
    renderApp('/')
    const accordion = await screen.findByTestId('category-accordion')
    expect(within(accordion).getByRole('button', { name: 'All Tools', expanded: true })).toBeVisible()
    expect(screen.queryByRole('tablist')).toBeNull()
    await screen.findByRole('article', { name: 'X Bio Generator' })
    // The items' controls are h3: the cards inside are h4.
    expect(within(accordion).getByRole('heading', { level: 3, name: 'All Tools' })).toBeVisible()
    expect(within(card('X Bio Generator')).getByRole('heading', { level: 4, name: 'X Bio Generator' })).toBeVisible()

    const box = screen.getByRole('searchbox', { name: 'Search the catalogue' })
    await user.type(box, 'bio{Enter}')
    expect(await within(accordion).findByRole('button', { name: 'bio', expanded: true })).toBeVisible()
    expect(within(accordion).getByRole('button', { name: 'All Tools' }).getAttribute('aria-expanded')).toBe('false')
    expect(await screen.findByRole('article', { name: 'X Bio Generator' })).toBeVisible()
  })
})
