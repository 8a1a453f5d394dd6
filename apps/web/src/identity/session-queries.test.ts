import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { describe, expect, it } from 'vitest'

import type { AppRouter } from '@promptly/api/root'
import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { toolCard } from '../test/catalogue-fixtures.ts'
import { ADA } from '../test/render.tsx'
import { createApiClient } from '../trpc/client.ts'
import { followSessionUser } from './follow-session-user.ts'
import { dropPerUserQueries } from './session-queries.ts'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true } as const
const bio = toolCard({ name: 'Bio Generator' })

/**
 * A cache as the app fills it (real tRPC keys), with the All Tools list on screen: its observer
 * answers with whatever `serverCards` says when it refetches.
 */
function appCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  // Never called: the tests only read keys and seed answers.
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: createApiClient('http://localhost/trpc'), queryClient })
  const keys = {
    config: trpc.system.config.queryKey(),
    me: trpc.auth.me.queryKey(),
    categories: trpc.tools.categories.queryKey(),
    allTools: trpc.tools.byCategory.queryKey({ category: 'All Tools' }),
    seoTools: trpc.tools.byCategory.queryKey({ category: 'SEO Tools' }),
    tool: trpc.tools.get.queryKey({ id: bio.id }),
    bookmarks: trpc.bookmarks.list.queryKey(),
  }
  queryClient.setQueryData(keys.config, LOCAL_CONFIG)
  queryClient.setQueryData(keys.categories, ['All Tools', 'SEO Tools'])

  let serverCards: ToolCard[] = [bio]
  let fetches = 0
  const shown = new QueryObserver(queryClient, {
    queryKey: keys.allTools as readonly unknown[],
    queryFn: async () => {
      fetches += 1
      return serverCards
    },
  })
  shown.subscribe(() => {}) // on screen: refetched when invalidated or reset

  /** What a user's visit leaves in the cache: their flags, their bookmarks, their view of a tool. */
  function seedAnswersFor(bookmarked: boolean) {
    const cards = [{ ...bio, isBookmarked: bookmarked }]
    serverCards = cards
    queryClient.setQueryData(keys.me, bookmarked ? ADA : null)
    queryClient.setQueryData(keys.allTools, cards)
    queryClient.setQueryData(keys.seoTools, cards)
    queryClient.setQueryData(keys.tool, { tool: { ...bio, description: '', groups: [], faq: [] }, similar: [] })
    if (bookmarked) queryClient.setQueryData(keys.bookmarks, cards)
  }

  const state = (key: readonly unknown[]) => queryClient.getQueryState(key)
  return {
    queryClient,
    keys,
    shown,
    seedAnswersFor,
    state,
    fetches: () => fetches,
    answerWith: (cards: ToolCard[]) => (serverCards = cards),
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('followSessionUser', () => {
  it("keeps everything when a signed-out visitor's page learns they are signed out", async () => {
    const cache = appCache()
    cache.seedAnswersFor(false)
    const before = cache.fetches()
    followSessionUser(cache.queryClient, null)
    await settled()
    for (const key of Object.values(cache.keys)) expect(cache.state(key)?.isInvalidated ?? false).toBe(false)
    expect(cache.queryClient.getQueryData(cache.keys.allTools)).toEqual([bio])
    expect(cache.queryClient.getQueryData(cache.keys.categories)).toEqual(['All Tools', 'SEO Tools'])
    expect(cache.fetches()).toBe(before)
  })

  it('after a sign-in, keeps the signed-out cards on screen while they refetch with the user’s flags', async () => {
    const cache = appCache()
    cache.seedAnswersFor(false)
    cache.answerWith([{ ...bio, isBookmarked: true }])
    followSessionUser(cache.queryClient, 'ada')

    // Still shown while the refetch runs: nothing private was in them.
    expect(cache.shown.getCurrentResult().data).toEqual([bio])
    expect(cache.state(cache.keys.seoTools)?.isInvalidated).toBe(true)
    expect(cache.state(cache.keys.tool)?.isInvalidated).toBe(true)
    await settled()
    expect(cache.shown.getCurrentResult().data).toEqual([{ ...bio, isBookmarked: true }])
    // Answers that are the same for everyone are not asked again.
    expect(cache.state(cache.keys.categories)?.isInvalidated).toBe(false)
    expect(cache.state(cache.keys.config)?.isInvalidated).toBe(false)
  })

  it('after a sign-out, drops the user’s answers so their bookmarks never show to the next visitor', async () => {
    const cache = appCache()
    followSessionUser(cache.queryClient, 'ada')
    cache.seedAnswersFor(true)
    cache.answerWith([bio])
    followSessionUser(cache.queryClient, null)

    // Gone at once, on screen too (a spinner until the signed-out answer comes), not merely stale.
    expect(cache.shown.getCurrentResult().data).toBeUndefined()
    expect(cache.queryClient.getQueryData(cache.keys.seoTools)).toBeUndefined()
    expect(cache.queryClient.getQueryData(cache.keys.tool)).toBeUndefined()
    expect(cache.queryClient.getQueryData(cache.keys.bookmarks)).toBeUndefined()
    expect(cache.queryClient.getQueryData(cache.keys.categories)).toEqual(['All Tools', 'SEO Tools'])
    expect(cache.queryClient.getQueryData(cache.keys.config)).toEqual(LOCAL_CONFIG)
    // The identity query is the caller's: it sets it to the new user itself.
    expect(cache.queryClient.getQueryData(cache.keys.me)).toEqual(ADA)
    await settled()
    expect(cache.shown.getCurrentResult().data).toEqual([bio])
  })

  it('drops the answers when another account takes over', () => {
    const cache = appCache()
    followSessionUser(cache.queryClient, 'ada')
    cache.seedAnswersFor(true)
    followSessionUser(cache.queryClient, 'bob')
    expect(cache.queryClient.getQueryData(cache.keys.bookmarks)).toBeUndefined()
    expect(cache.queryClient.getQueryData(cache.keys.seoTools)).toBeUndefined()
  })

  it('changes nothing when the same user is reported again (Clerk reloading its session)', async () => {
    const cache = appCache()
    followSessionUser(cache.queryClient, 'ada')
    cache.seedAnswersFor(true)
    await settled()
    const before = cache.fetches()
    followSessionUser(cache.queryClient, 'ada')
    await settled()
    expect(cache.state(cache.keys.bookmarks)?.isInvalidated).toBe(false)
    expect(cache.queryClient.getQueryData(cache.keys.bookmarks)).toHaveLength(1)
    expect(cache.fetches()).toBe(before)
  })
})

describe('dropPerUserQueries', () => {
  it('removes every per-user answer and keeps the public ones and the identity', () => {
    const cache = appCache()
    cache.seedAnswersFor(true)
    dropPerUserQueries(cache.queryClient)
    for (const key of [cache.keys.allTools, cache.keys.seoTools, cache.keys.tool, cache.keys.bookmarks]) {
      expect(cache.queryClient.getQueryData(key)).toBeUndefined()
    }
    expect(cache.state(cache.keys.categories)?.status).toBe('success')
    expect(cache.state(cache.keys.config)?.status).toBe('success')
    expect(cache.queryClient.getQueryData(cache.keys.me)).toEqual(ADA)
  })
})
