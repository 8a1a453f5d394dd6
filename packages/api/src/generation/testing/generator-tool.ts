import { randomUUID } from 'node:crypto'

import type { Db, Prisma } from '@promptly/db/client'

/**
 * A generic tool with a small form, for generation tests: one required text field ('Business name')
 * and one tone. Overrides give upcoming, dedicated or personal tools.
 */
export async function createGeneratorTool(
  db: Db,
  overrides: Partial<Prisma.ToolUncheckedCreateInput> = {},
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
