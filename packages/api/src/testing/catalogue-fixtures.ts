import type { Db, Prisma } from '@promptly/db/client'

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
    accoName: name.slice(0, 40),
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

/** `count` generated tools, indexes `from` to `from + count - 1`. */
export function fixtureCatalogue(count: number, from = 0): Prisma.ToolCreateManyInput[] {
  return Array.from({ length: count }, (_, offset) => fixtureTool(from + offset))
}
