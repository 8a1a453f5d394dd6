import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { ledgerPage } from './ledger.handler.ts'
import { chargeLegacyUsage } from './legacy-usage-charge.ts'
import { useLedgerTestDatabase } from './testing/ledger-test-database.ts'

const ledger = useLedgerTestDatabase()

describe('ledgerPage', () => {
  it(
    "pages through a user's entries newest first, without " + "gaps or repeats, and never shows another user's",
    async () => {
      const ada = await ledger.user('ada', 30)
      const bob = await ledger.user('bob', 30)
      for (let i = 0; i < 6; i += 1) await chargeLegacyUsage(ledger.db.prisma, ada, `usage-${i}`)
      await chargeLegacyUsage(ledger.db.prisma, bob, 'bob-usage')

      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page = await ledgerPage(ledger.db.prisma, ada, { cursor, limit: 3 })
        seen.push(...page.entries.map((entry) => entry.reference))
        cursor = page.nextCursor
        pages += 1
      } while (cursor)

      expect(pages).toBe(3)
      expect(seen).toEqual(['usage-5', 'usage-4', 'usage-3', 'usage-2', 'usage-1', 'usage-0', ada])
      const first = await ledgerPage(ledger.db.prisma, ada)
      expect(first.entries[0]).toMatchObject({ amount: -1, reason: 'usage', reference: 'usage-5', expiresAt: null })
      expect(first.entries.at(-1)).toMatchObject({ amount: 30, reason: 'trial' })
      expect(first.nextCursor).toBeNull()
    },
  )

  it('refuses a malformed cursor or limit', async () => {
    const userId = randomUUID()
    await expect(ledgerPage(ledger.db.prisma, userId, { cursor: 'nope' })).rejects.toThrow()
    await expect(ledgerPage(ledger.db.prisma, userId, { limit: 1000 })).rejects.toThrow()
  })
})
