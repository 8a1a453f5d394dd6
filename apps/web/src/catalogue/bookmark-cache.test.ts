import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toolCard } from '../test/catalogue-fixtures.ts'
import {
  applyBookmarkState,
  beginToggle,
  dropRemovedBookmark,
  endToggle,
  isHeldAsRemoved,
  withBookmarkFlag,
  type BookmarkCacheTargets,
} from './bookmark-cache.ts'

const targets: BookmarkCacheTargets = {
  cardLists: [{ queryKey: [['tools', 'byCategory']] }, { queryKey: [['tools', 'search']] }],
  bookmarks: [['bookmarks', 'list'], { type: 'query' }],
}
const categoryKey = (category: string) => [['tools', 'byCategory'], { input: { category }, type: 'query' }]
const searchKey = (text: string) => [['tools', 'search'], { input: { text }, type: 'query' }]

function setup() {
  const queryClient = new QueryClient()
  const bio = toolCard({ name: 'Bio Generator' })
  const seo = toolCard({ name: 'SEO Titles', isBookmarked: true })
  const blog = toolCard({ name: 'Blog Writer', isBookmarked: true })
  queryClient.setQueryData(categoryKey('All Tools'), [bio, seo, blog])
  queryClient.setQueryData(categoryKey('SEO Tools'), [seo])
  queryClient.setQueryData(searchKey('bio'), [bio])
  queryClient.setQueryData(targets.bookmarks, [blog, seo])
  const read = (key: readonly unknown[]) => queryClient.getQueryData<ToolCard[]>(key)!
  const flags = (key: readonly unknown[]) => read(key).map((tool) => [tool.name, tool.isBookmarked])
  const names = (key: readonly unknown[]) => read(key).map((tool) => tool.name)
  return { queryClient, bio, seo, blog, read, flags, names }
}

describe('withBookmarkFlag', () => {
  it('returns the same array when the tool is absent or already in that state', () => {
    const list = [toolCard({ isBookmarked: true })]
    expect(withBookmarkFlag(list, 'other', true)).toBe(list)
    expect(withBookmarkFlag(list, list[0]!.id, true)).toBe(list)
    expect(withBookmarkFlag(undefined, 'x', true)).toBeUndefined()
  })

  it('returns a new array with only that tool changed', () => {
    const list = [toolCard(), toolCard()]
    const next = withBookmarkFlag(list, list[1]!.id, true)!
    expect(next).not.toBe(list)
    expect(next[0]).toBe(list[0])
    expect(next[1]!.isBookmarked).toBe(true)
  })
})

describe('applyBookmarkState', () => {
  it('bookmarks a tool in every list that shows it and adds it to the front of the bookmarks', () => {
    const { queryClient, bio, flags, names } = setup()
    applyBookmarkState(queryClient, targets, bio, true)
    expect(flags(categoryKey('All Tools'))).toEqual([
      ['Bio Generator', true],
      ['SEO Titles', true],
      ['Blog Writer', true],
    ])
    expect(flags(searchKey('bio'))).toEqual([['Bio Generator', true]])
    expect(names(targets.bookmarks)).toEqual(['Bio Generator', 'Blog Writer', 'SEO Titles'])
  })

  it('rolls back to exactly the state before, bookmark list order included', () => {
    const { queryClient, seo, read, flags } = setup()
    const before = {
      all: read(categoryKey('All Tools')),
      seoTools: read(categoryKey('SEO Tools')),
      bookmarks: read(targets.bookmarks),
    }
    const rollback = applyBookmarkState(queryClient, targets, seo, false)
    expect(read(categoryKey('SEO Tools'))[0]!.isBookmarked).toBe(false)
    expect(flags(targets.bookmarks)).toEqual([
      ['Blog Writer', true],
      ['SEO Titles', false],
    ])

    rollback()
    expect(read(categoryKey('All Tools'))).toEqual(before.all)
    expect(read(categoryKey('SEO Tools'))).toEqual(before.seoTools)
    expect(read(targets.bookmarks)).toEqual(before.bookmarks)
  })

  it("undoing one tool's toggle keeps another tool's toggle made meanwhile", () => {
    const { queryClient, bio, blog, flags, names } = setup()
    const undoBio = applyBookmarkState(queryClient, targets, bio, true)
    applyBookmarkState(queryClient, targets, blog, false)

    undoBio() // the bio request failed; the blog one did not
    expect(flags(categoryKey('All Tools'))).toEqual([
      ['Bio Generator', false],
      ['SEO Titles', true],
      ['Blog Writer', false],
    ])
    expect(flags(targets.bookmarks)).toEqual([
      ['Blog Writer', false],
      ['SEO Titles', true],
    ])
    dropRemovedBookmark(queryClient, targets, blog.id)
    expect(names(targets.bookmarks)).toEqual(['SEO Titles'])
  })

  it('keeps a removed bookmark in its place, shown as removed, until it is dropped', () => {
    const { queryClient, seo, blog, flags, names } = setup()
    applyBookmarkState(queryClient, targets, blog, false)
    // The next bookmark does not move up under the pointer.
    expect(flags(targets.bookmarks)).toEqual([
      ['Blog Writer', false],
      ['SEO Titles', true],
    ])
    expect(isHeldAsRemoved(queryClient, targets, blog.id)).toBe(true)
    expect(isHeldAsRemoved(queryClient, targets, seo.id)).toBe(false)

    dropRemovedBookmark(queryClient, targets, blog.id)
    expect(names(targets.bookmarks)).toEqual(['SEO Titles'])
    expect(isHeldAsRemoved(queryClient, targets, blog.id)).toBe(false)
  })

  it('does not drop a removed bookmark that was bookmarked again meanwhile', () => {
    const { queryClient, blog, flags } = setup()
    applyBookmarkState(queryClient, targets, blog, false)
    applyBookmarkState(queryClient, targets, { ...blog, isBookmarked: false }, true)
    dropRemovedBookmark(queryClient, targets, blog.id)
    expect(flags(targets.bookmarks)).toEqual([
      ['Blog Writer', true],
      ['SEO Titles', true],
    ])
  })

  it('is a no-op (and its rollback too) when the caches already agree', () => {
    const { queryClient, seo, read } = setup()
    const all = read(categoryKey('All Tools'))
    const rollback = applyBookmarkState(queryClient, targets, seo, true)
    rollback()
    expect(read(categoryKey('All Tools'))).toBe(all)
  })

  it('leaves lists that are not loaded alone', () => {
    const queryClient = new QueryClient()
    const tool = toolCard()
    const rollback = applyBookmarkState(queryClient, targets, tool, true)
    rollback()
    expect(queryClient.getQueryData(targets.bookmarks)).toBeUndefined()
  })
})

describe('beginToggle / endToggle', () => {
  /** A bookmark list on screen (observed) whose fetches answer only when told to. */
  function observedBookmarks() {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const key: QueryKey = targets.bookmarks
    const answers: ((cards: ToolCard[]) => void)[] = []
    let fetches = 0
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        fetches += 1
        return new Promise<ToolCard[]>((resolve) => answers.push(resolve))
      },
      staleTime: Infinity,
    })
    const unsubscribe = observer.subscribe(() => {})
    return { queryClient, key, answers, fetches: () => fetches, unsubscribe }
  }

  it('refetches a list cancelled by one toggle when a later, overlapping toggle settles last', async () => {
    const { queryClient, key, answers, fetches, unsubscribe } = observedBookmarks()
    answers[0]!([toolCard({ isBookmarked: true })])
    await expect.poll(() => queryClient.getQueryState(key)?.status).toBe('success')

    void queryClient.refetchQueries({ queryKey: key, exact: true }) // a refetch in flight
    expect(fetches()).toBe(2)
    await beginToggle(queryClient, targets) // toggle A cancels it
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle')
    await beginToggle(queryClient, targets) // toggle B starts: nothing in flight to cancel

    endToggle(queryClient) // A settles while B is in flight: no refetch yet
    await Promise.resolve()
    expect(fetches()).toBe(2)

    endToggle(queryClient) // B settles last: the list A cancelled is read again
    await expect.poll(fetches).toBe(3)
    unsubscribe()
  })

  it('refetches nothing when no fetch was cancelled', async () => {
    const { queryClient, key, answers, fetches, unsubscribe } = observedBookmarks()
    answers[0]!([])
    await expect.poll(() => queryClient.getQueryState(key)?.status).toBe('success')
    await beginToggle(queryClient, targets)
    endToggle(queryClient)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetches()).toBe(1)
    unsubscribe()
  })
})
