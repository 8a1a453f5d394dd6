import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import type { UsersPage } from '../admin-types.ts'
import { adminUser } from '../testing/admin-fixtures.ts'
import { withUserCredits } from './users-cache.ts'

describe('withUserCredits', () => {
  const ada = adminUser({ _id: '00000000-0000-4000-8000-00000000000a', name: 'Ada', current_limit: 30 })
  const bob = adminUser({ _id: '00000000-0000-4000-8000-00000000000b', name: 'Bob', current_limit: 5 })
  const data: InfiniteData<UsersPage> = {
    pages: [
      { users: [ada], nextCursor: 'next' },
      { users: [bob], nextCursor: null },
    ],
    pageParams: [null, 'next'],
  }

  it('changes the one account on whichever page it is', () => {
    const after = withUserCredits(data, bob._id, { current_limit: 55, max_limit: 80 })
    expect(after?.pages[1]?.users[0]).toMatchObject({ name: 'Bob', current_limit: 55, max_limit: 80 })
    expect(after?.pages[0]?.users[0]).toBe(ada)
    expect(after?.pageParams).toEqual([null, 'next'])
  })

  it('leaves the cache alone when the list is not loaded', () => {
    expect(withUserCredits(undefined, bob._id, { current_limit: 1, max_limit: 1 })).toBeUndefined()
  })
})
