import { randomUUID } from 'node:crypto'

import type { Database, Db, Prisma } from '@promptly/db/client'

/**
 * Tools made up for tests and benchmarks, inserted directly (not through the seed), so a test can
 * hold exactly the catalogue it describes. Deterministic: the same index gives the same tool.
 */

const SIMPLE_FORM = [
  [{ text: 'Topic', placeholder: 'Topic', gpt: 'Write about {value}.', type: 'input', options: [], required: true }],
]

const ADJECTIVES = [
  'Viral',
  'Quick',
  'Smart',
  'Catchy',
  'Friendly',
  'Formal',
  'Witty',
  'Bold',
  'Calm',
  'Vivid',
  'Crisp',
  'Playful',
  'Expert',
  'Modern',
  'Classic',
  'Clever',
  'Honest',
  'Sharp',
  'Warm',
  'Lively',
]
const TOPICS = [
  'Travel',
  'Fitness',
  'Recipe',
  'Startup',
  'Fashion',
  'Gaming',
  'Finance',
  'Music',
  'Garden',
  'Pet',
  'Wedding',
  'Real Estate',
  'Coffee',
  'Bakery',
  'Yoga',
  'Podcast',
  'Crypto',
  'Skincare',
  'Hiking',
  'Cycling',
  'Photography',
  'Interior',
  'Parenting',
  'Science',
  'History',
  'Poetry',
  'Comedy',
  'Charity',
  'Dental',
  'Legal',
  'Insurance',
  'Hotel',
  'Airline',
  'Bookstore',
  'Florist',
  'Plumbing',
  'Tutoring',
  'Robotics',
  'Chess',
  'Surfing',
  'Vegan',
  'Wine',
  'Tea',
  'Jewelry',
  'Sneaker',
  'Camping',
  'Museum',
  'Theatre',
  'Esports',
  'Knitting',
]
const FORMATS = [
  'Bio Generator',
  'Caption Writer',
  'Post Generator',
  'Headline Maker',
  'Email Writer',
  'Slogan Generator',
  'Blog Outline',
  'Ad Copy',
  'Product Description',
  'Hashtag Finder',
  'Press Release',
  'Newsletter Intro',
  'Video Script',
  'Meta Description',
  'Tweet Thread',
  'FAQ Builder',
  'Story Idea',
  'Review Reply',
  'Job Post',
  'Landing Page',
]
const CATEGORY_LABELS = [
  'Social Media Posts',
  'SEO Tools',
  'Email Tools',
  'Blog Creator',
  'Instagram',
  'YouTube',
  'Paid Ad Tools',
  'Website Tools',
  'Newsletters',
  'Press Releases',
]

/** A tool row as Prisma inserts it; `index` picks its name, tagline and label. */
export function fixtureTool(
  index: number,
  overrides: Partial<Prisma.ToolCreateManyInput> = {},
): Prisma.ToolCreateManyInput {
  const adjective = ADJECTIVES[index % ADJECTIVES.length]!
  const topic = TOPICS[Math.floor(index / ADJECTIVES.length) % TOPICS.length]!
  const format = FORMATS[Math.floor(index / (ADJECTIVES.length * TOPICS.length)) % FORMATS.length]!
  const category = CATEGORY_LABELS[index % CATEGORY_LABELS.length]!
  const labels = overrides.labels ?? ['All Tools', category]
  const name = overrides.name ?? `${adjective} ${topic} ${format} ${index}`
  return {
    slug: `fixture-tool-${index}`,
    name,
    // Unique like the column: past 20,000 tools the words repeat, and a cut name could lose its index.
    accoName: name.length <= 40 ? name : `${name.slice(0, 40)} ${index}`,
    description: `Generates ${format.toLowerCase()} text for ${topic.toLowerCase()} brands.`,
    tagLine: `${adjective} ${format.toLowerCase()} copy for ${topic.toLowerCase()} in seconds.`,
    logo: `/logos/fixture-${index % 7}.svg`,
    labels,
    groupBy: Array.isArray(labels) ? (labels[1] ?? 'All Tools') : category,
    groups: SIMPLE_FORM,
    faq: [{ question: `What does tool ${index} do?`, answer: 'It writes.' }],
    kind: 'generic',
    upcoming: Array.isArray(labels) && labels.includes('Upcoming Tools'),
    // Spaced a millisecond apart so the catalogue's order (oldest first) is the index order.
    createdAt: new Date(Date.UTC(2026, 0, 1) + index),
    ...overrides,
  }
}

/** Inserts the tools in batches (one statement per thousand; PostgreSQL caps parameters per statement). */
export async function insertTools(db: Db, tools: readonly Prisma.ToolCreateManyInput[]): Promise<void> {
  const BATCH = 1000
  for (let start = 0; start < tools.length; start += BATCH) {
    await db.tool.createMany({ data: tools.slice(start, start + BATCH) })
  }
}

/** Rows per statement in insertToolsInBulk: one JSON parameter each, so no cap on parameters applies. */
const BULK_BATCH = 5000

/**
 * insertTools for catalogues of benchmark size (100,000 tools): each batch is one INSERT reading one
 * JSON parameter (json_populate_recordset), about four times faster than Prisma's createMany, which
 * binds every field of every row as a parameter of its own. The columns are the fields' own
 * (camelCase to snake_case); the id and updated_at, which Prisma fills in on the client, are filled in
 * here. Rows are grouped by the fields they set, so a column a row leaves out gets its default.
 */
export async function insertToolsInBulk(db: Database, tools: readonly Prisma.ToolCreateManyInput[]): Promise<void> {
  for (let start = 0; start < tools.length; start += BULK_BATCH) {
    const rowsByColumns = new Map<string, Record<string, unknown>[]>()
    for (const tool of tools.slice(start, start + BULK_BATCH)) {
      const row = toolRow(tool)
      const columns = Object.keys(row).join(',')
      const group = rowsByColumns.get(columns)
      if (group) group.push(row)
      else rowsByColumns.set(columns, [row])
    }
    for (const [columns, rows] of rowsByColumns) {
      const list = columns
        .split(',')
        .map((column) => `"${column}"`)
        .join(', ')
      await db.raw.query(
        `INSERT INTO tools (${list}) SELECT ${list} FROM json_populate_recordset(NULL::tools, $1::json)`,
        [JSON.stringify(rows)],
      )
    }
  }
}

/** A tool's fields as the columns of the tools table (Dates become ISO text through JSON). */
function toolRow(tool: Prisma.ToolCreateManyInput): Record<string, unknown> {
  const row: Record<string, unknown> = { id: randomUUID(), updated_at: new Date() }
  for (const [field, value] of Object.entries(tool)) {
    if (value !== undefined) row[field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value
  }
  return row
}

/** `count` generated tools, indexes `from` to `from + count - 1`. */
export function fixtureCatalogue(count: number, from = 0): Prisma.ToolCreateManyInput[] {
  return Array.from({ length: count }, (_, offset) => fixtureTool(from + offset))
}
