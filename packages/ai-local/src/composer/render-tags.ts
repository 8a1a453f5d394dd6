import { list, paragraph, type RenderContext } from './render-context.ts'
import { allValues } from './role-values.ts'
import { contentWords, escapeHtml, hashtag } from './text-tools.ts'

/**
 * Tags made from the user's values: a value whole in one tag, or one word of it in a tag of its
 * own, never a run of its words cut out of it (a hashtag is one word; a video tag is the whole value).
 */

const HASHTAG_SUFFIXES = [
  ...['life', 'lovers', 'goals', 'daily', 'inspo', 'ideas', 'journey', 'moments'],
  ...['tips', 'community', 'world', 'vibes', 'club', 'fans', 'gram'],
]

/** The words of the values that can stand as a tag: no "the", no numbers alone, each once. */
function tagWords(values: readonly string[]): string[] {
  return contentWords(values.join(' '), 40).map((word) => word.toLocaleLowerCase())
}

/** Hashtags grouped as broad, niche and local or branded, with why each group helps. */
export function renderHashtags(ctx: RenderContext): string {
  const total = Math.max(ctx.brief.count, 5)
  const topics = [...ctx.values.topic, ...ctx.values.product, ...ctx.values.who]
  const places = ctx.values.keyword
  const words = tagWords(topics)
  const whole = (values: readonly string[]) => values.map(hashtag).filter((tag) => tag.length > 2 && tag.length <= 30)
  const broad = unique([...whole(topics), ...words.slice(0, 3).map(hashtag)])
  const local = unique(
    places.length > 0
      ? [
          ...whole(places),
          ...tagWords(places).flatMap((place) => words.slice(0, 2).map((word) => hashtag(`${place} ${word}`))),
        ]
      : words.slice(0, 2).flatMap((word) => [hashtag(`${word} daily`), hashtag(`love ${word}`)]),
  )
  const broadTags = broad.slice(0, Math.ceil(total * 0.3))
  const localTags = local.filter((tag) => !broadTags.includes(tag)).slice(0, Math.max(1, Math.floor(total * 0.3)))
  // The niche group makes up the count asked for, with more tags from the same words when needed.
  const taken = new Set([...broadTags, ...localTags])
  const more = words.flatMap((word) => HASHTAG_SUFFIXES.map((suffix) => hashtag(`${word} ${suffix}`)))
  const nicheTags = unique([...broad, ...words.map(hashtag), ...whole(ctx.values.audience), ...more])
    .filter((tag) => !taken.has(tag))
    .slice(0, total - broadTags.length - localTags.length)
  const about = [
    `For a post about ${topics[0] ?? 'your topic'}`,
    ctx.values.audience[0] ? `, for ${ctx.values.audience[0]}` : '',
    places[0] ? `, around ${places[0]}` : '',
    '.',
  ].join('')
  const groups: Array<[string, string[], string]> = [
    [
      'Broad',
      ctx.random.sample(broadTags, broadTags.length),
      'Big, popular tags put the post in front of people browsing the wider topic.',
    ],
    [
      'Niche',
      ctx.random.sample(nicheTags, nicheTags.length),
      'Smaller tags reach people who care about exactly this, so the post stays visible longer.',
    ],
    [
      places.length > 0 ? 'Local' : 'Branded',
      localTags,
      places.length > 0
        ? 'Local tags connect the post with people nearby, who are the likeliest to visit.'
        : 'A steady branded tag gathers your posts in one place that followers can browse.',
    ],
  ]
  return (
    paragraph(about) +
    groups
      .map(
        ([name, tags, why]) => `<h3>${name}</h3><p>${escapeHtml(tags.join(' '))}</p><p><em>${escapeHtml(why)}</em></p>`,
      )
      .join('')
  )
}

/** Video tags: the values whole, with common additions, and misspellings of their single words. */
export function renderTags(ctx: RenderContext): string {
  const values = allValues(ctx.values)
  const exact = ctx.random.sample(values, values.length)
  // Broad tags add a word to one word of the values: a value itself is said once, in the exact tags.
  const words = tagWords(values).slice(0, 4)
  const broad = unique(
    words.flatMap((word, i) => [`${word} tips`, i === 0 ? `how to ${word}` : `${word} tutorial`, `${word} explained`]),
  )
  const misspellings = unique(
    tagWords(values)
      .filter((word) => word.length >= 5)
      .map(swapLetters),
  ).slice(0, 6)
  const shuffled = ctx.random.sample(broad, broad.length)
  if (/comma-separated/i.test(ctx.instructions)) return paragraph(withinLength([...exact, ...shuffled], 480).join(', '))
  return (
    `<h3>Exact</h3>${list(exact)}<h3>Broad</h3>${list(shuffled)}` +
    (misspellings.length > 0 ? `<h3>Common misspellings</h3>${list(misspellings)}` : '')
  )
}

/** As many whole tags as fit in `max` characters, joined by ", ". */
function withinLength(tags: readonly string[], max: number): string[] {
  const kept: string[] = []
  let length = -2
  for (const tag of tags) {
    if (length + 2 + tag.length > max) continue
    kept.push(tag)
    length += 2 + tag.length
  }
  return kept
}

function swapLetters(word: string): string {
  const letters = [...word]
  const at = Math.max(1, Math.floor(letters.length / 2) - 1)
  ;[letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at] ?? '']
  return letters.join('')
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items.filter((item) => item.length > 1))]
}
