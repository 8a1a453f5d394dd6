import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { toolCard } from '../test/catalogue-fixtures.ts'
import { applyBookmarkState, withBookmarkFlag, type BookmarkCacheTargets } from './bookmark-cache.ts'

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
    const { queryClient, seo, read } = setup()
    const before = {
      all: read(categoryKey('All Tools')),
      seoTools: read(categoryKey('SEO Tools')),
      bookmarks: read(targets.bookmarks),
    }
    const rollback = applyBookmarkState(queryClient, targets, seo, false)
    expect(read(categoryKey('SEO Tools'))[0]!.isBookmarked).toBe(false)
    expect(read(targets.bookmarks).map((tool) => tool.name)).toEqual(['Blog Writer'])

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
    expect(names(targets.bookmarks)).toEqual(['SEO Titles'])
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
