import { randomUUID } from 'node:crypto'

import { commitReservation } from '@promptly/api/credits/reservation/commit-reservation'
import { reserveCredits } from '@promptly/api/credits/reservation/reserve-credits'
import type { Db, Prisma } from '@promptly/db/client'

/**
 * A generic tool with a small form, for generation tests: one required text field ('Business name')
 * and one tone. Overrides give upcoming or dedicated tools.
 */
export async function createGeneratorTool(
  db: Db,
  overrides: Partial<Prisma.ToolCreateInput> = {},
): Promise<{ id: string; name: string }> {
  const key = randomUUID()
  const name = overrides.name ?? `Bio Writer ${key.slice(0, 8)}`
  return db.tool.create({
    data: {
      slug: `generation-test-${key}`,
      name,
      accoName: name,
      description: 'Writes a short bio.',
      tagLine: 'A short bio in seconds.',
      logo: '/logos/bio.svg',
      labels: ['All Tools', "Social Media Bio's"],
      groupBy: "Social Media Bio's",
      groups: [
        [
          {
            text: 'Business name',
            placeholder: 'Business name',
            gpt: 'Write a short bio for {value}.',
            type: 'input',
            options: [],
            required: true,
          },
          {
            text: 'Tone',
            placeholder: 'Tone',
            gpt: 'Use a {value} tone.',
            type: 'tone',
            options: ['friendly', 'formal'],
            required: true,
          },
        ],
      ],
      faq: [],
      kind: 'generic',
      upcoming: false,
      ...overrides,
    },
    select: { id: true, name: true },
  })
}

/** Values for createGeneratorTool's form. */
export const bioValues = (business = 'Green Leaf Bakery') => [[business, 'friendly']]

/**
 * Brings an account's balance down to `balance` through the ledger, as real use would (one
 * committed generation), so expectLedgerMatchesBalance still holds.
 */
export async function spendDownTo(db: Db, userId: string, balance: number): Promise<void> {
  const { creditBalance } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } })
  const spend = creditBalance - balance
  if (spend < 0) throw new Error(`spendDownTo: the account has only ${creditBalance} credits`)
  if (spend === 0) return
  const generationId = randomUUID()
  await reserveCredits(db, {
    userId,
    amount: spend,
    generationId,
    generation: { kind: 'generic', input: { groups: [] }, provider: 'test' },
  })
  await commitReservation(db, generationId, { output: '<p>earlier work</p>', latencyMs: 1 })
}
