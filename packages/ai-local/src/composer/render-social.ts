import {
  closingLine,
  detailAt,
  fill,
  hooksFor,
  list,
  paragraph,
  withoutEmoji,
  type RenderContext,
} from './render-context.ts'
import {
  bare,
  capitalize,
  contentWords,
  escapeHtml,
  fitParts,
  fitTo,
  hashtag,
  inSentence,
  joinList,
  numberWord,
} from './text-tools.ts'
import { TONES } from './tones.ts'

/** Profile bios: several one-liners, each within the platform's limit. */
export function renderBios(ctx: RenderContext): string {
  const { brief, random } = ctx
  // The voice's own templates first, then neighbours' for variety when many are asked for.
  const templates = [
    ...random.sample(ctx.bank.bios, ctx.bank.bios.length),
    ...random.sample(TONES.friendly.bios, 6),
    ...random.sample(TONES.professional.bios, 6),
  ]
  if (/about description/i.test(ctx.prompt)) return renderPageIntro(ctx)
  const bios: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    const bio = fill(templates[i % templates.length] ?? '{Subject}.', ctx, i)
    const parts = [
      brief.emojis ? bio : withoutEmoji(bio),
      brief.callToAction ? closingLine(ctx) : '',
      brief.emojis ? random.pick(ctx.bank.emojis) : '',
    ]
    bios.push(fitParts(parts, brief.maxChars))
  }
  const limit = brief.maxChars ? `, each within ${brief.maxChars} characters` : ''
  return (
    paragraph(
      `${capitalize(numberWord(brief.count))} ${brief.count === 1 ? 'option' : 'options'} to choose from${limit}:`,
    ) + list(bios, true)
  )
}

/** A page's short intro plus a longer About description (Facebook Pages and the like). */
function renderPageIntro(ctx: RenderContext): string {
  const { brief, random } = ctx
  const intro = fitParts([fill(random.pick(ctx.bank.bios), ctx)], brief.maxChars ?? 100)
  const points = random.sample(ctx.bank.points, 3).map((point, i) => fill(point, ctx, i))
  const area = /area served:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const about = [
    `${capitalize(bare(brief.subject))} ` +
      `offers ${joinList(ctx.details.filter((detail) => detail !== area).map((detail) => inSentence(detail)))}` +
      `${area ? ` across ${area}` : ''}.`,
    ...points,
    closingLine(ctx),
  ]
  return `<h3>Short intro</h3>${paragraph(withoutEmoji(intro))}<h3>About</h3>${paragraph(about.join(' '))}`
}

/** Social posts (X, LinkedIn, Facebook, Threads) and Instagram captions. */
export function renderPosts(ctx: RenderContext, label: 'Post' | 'Caption'): string {
  const { brief, random } = ctx
  const hooks = random.sample(hooksFor(ctx), hooksFor(ctx).length)
  const points = random.sample(ctx.bank.points, ctx.bank.points.length)
  const wordsPerPost = brief.targetWords ?? postLength(brief.format, brief.count)
  const parts: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    const sentences = [fill(hooks[i % hooks.length] ?? '', ctx, i)]
    let point = 0
    while (countWords(sentences) < wordsPerPost - 12 && point < 6) {
      sentences.push(fill(points[(i + point) % points.length] ?? '', ctx, i + point))
      point += 1
    }
    if (brief.endWithQuestion) sentences.push(question(ctx, i))
    sentences.push(closingLine(ctx))
    let text = fitParts(sentences, brief.maxChars)
    if (brief.emojis) text = `${text} ${random.pick(ctx.bank.emojis)}`
    const paragraphs = wordsPerPost > 90 ? splitIntoParagraphs(text) : [text]
    const tags = brief.hashtags ? paragraph(hashtagsFor(ctx, /at most one/i.test(ctx.prompt) ? 1 : 4).join(' ')) : ''
    const heading = brief.count > 1 ? `<h3>${label} ${i + 1}</h3>` : ''
    parts.push(heading + paragraphs.map(paragraph).join('') + tags)
  }
  return parts.join('')
}

/** A numbered X thread: a hook, one post per point, and a closing post. */
export function renderThread(ctx: RenderContext): string {
  const { brief, random } = ctx
  const total = Math.max(3, brief.count)
  const points = random.sample(ctx.bank.points, ctx.bank.points.length)
  const posts = [fill(random.pick(hooksFor(ctx)), ctx) + ' A thread 🧵']
  for (let i = 1; i < total - 1; i += 1) {
    const lead = fill(points[(i - 1) % points.length] ?? '', ctx, i - 1)
    posts.push(fitTo(`${lead} ${supportSentence(ctx, i)}`, 270))
  }
  posts.push(closingLine(ctx))
  return posts
    .map(
      (post, i) => `<p><strong>${i + 1}/${total}</strong> ${escapeHtml(brief.emojis ? post : withoutEmoji(post))}</p>`,
    )
    .join('')
}

const HASHTAG_SUFFIXES = ['life', 'lovers', 'goals', 'daily', 'inspo', 'ideas', 'journey', 'moments']

/** Hashtags grouped as broad, niche and local or branded, with why each group helps. */
export function renderHashtags(ctx: RenderContext): string {
  const total = Math.max(ctx.brief.count, 5)
  const words = contentWords([ctx.brief.subject, ...ctx.details].join(' '), 6)
  const broad = unique(words.slice(0, 3).map((word) => hashtag(word)))
  const niche = unique([
    ...ctx.details.map((detail) => hashtag(detail)),
    ...words.slice(0, 3).map((word) => hashtag(`${word} tips`)),
    hashtag(`${ctx.topic} community`),
  ])
  const location = /location hashtags for (.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const local = unique(
    location
      ? [hashtag(location), ...words.slice(0, 2).map((word) => hashtag(`${location} ${word}`))]
      : [hashtag(`${words[0] ?? ctx.topic} daily`), hashtag(`love ${words[0] ?? ctx.topic}`)],
  )
  const broadTags = broad.slice(0, Math.ceil(total * 0.3))
  const localTags = local.slice(0, Math.max(1, Math.floor(total * 0.3)))
  // The niche group makes up the count asked for, with more tags from the same words when needed.
  const taken = new Set([...broadTags, ...localTags])
  const more = words.flatMap((word) => HASHTAG_SUFFIXES.map((suffix) => hashtag(`${word} ${suffix}`)))
  const nicheTags = unique([...niche, ...more])
    .filter((tag) => !taken.has(tag))
    .slice(0, total - broadTags.length - localTags.length)
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
      location ? 'Local' : 'Branded',
      localTags,
      location
        ? 'Local tags connect the post with people nearby, who are the likeliest to visit.'
        : 'A steady branded tag gathers your posts in one place that followers can browse.',
    ],
  ]
  return groups
    .map(
      ([name, tags, why]) => `<h3>${name}</h3><p>${escapeHtml(tags.join(' '))}</p><p><em>${escapeHtml(why)}</em></p>`,
    )
    .join('')
}

/** Video tags: one comma-separated line, or grouped lists. */
export function renderTags(ctx: RenderContext): string {
  const main = ctx.topic.toLowerCase()
  const keywords = ctx.details.map((detail) => detail.toLowerCase())
  const exact = unique([main, ...ctx.random.sample(keywords, keywords.length)])
  const first = keywords[0] ?? main
  const broadTags = unique([
    ...keywords.map((keyword) => `${keyword} tips`),
    `how to ${first}`,
    `${first} for beginners`,
    `${main} tutorial`,
  ])
  const broad = ctx.random.sample(broadTags, broadTags.length)
  const misspellings = unique(
    exact
      .slice(0, 3)
      .map(swapLetters)
      .filter((tag) => !exact.includes(tag)),
  )
  if (/comma-separated/i.test(ctx.prompt)) return paragraph(fitTo([...exact, ...broad].join(', '), 480))
  return `<h3>Exact</h3>${list(exact)}<h3>Broad</h3>${list(broad)}<h3>Common misspellings</h3>${list(misspellings)}`
}

function hashtagsFor(ctx: RenderContext, count: number): string[] {
  return unique([...ctx.details, ctx.topic].map((phrase) => hashtag(phrase))).slice(0, count)
}

function question(ctx: RenderContext, index: number): string {
  return ctx.random.pick([
    `What's your take on ${detailAt(ctx, index)}?`,
    `How do you handle ${detailAt(ctx, index)}?`,
    `Which part of ${ctx.topic} would you start with?`,
  ])
}

function supportSentence(ctx: RenderContext, index: number): string {
  const detail = detailAt(ctx, index)
  return ctx.random.pick([
    `Try it once this week and note what changes.`,
    `The people who get ${detail} right rarely do anything fancy.`,
    `It takes less time than you think.`,
    `Write it down; ${detail} is easier to keep when it is visible.`,
  ])
}

function postLength(format: string | null, count: number): number {
  if (format && /short/i.test(format)) return 25
  if (format && /long/i.test(format)) return 150
  if (format && /medium/i.test(format)) return 60
  return count > 3 ? 35 : 55
}

function countWords(sentences: string[]): number {
  return sentences.join(' ').split(/\s+/).length
}

function splitIntoParagraphs(text: string): string[] {
  const parts = text.match(/[^.!?]+[.!?]+/g) ?? [text]
  const paragraphs: string[] = []
  for (let i = 0; i < parts.length; i += 2)
    paragraphs.push(
      parts
        .slice(i, i + 2)
        .join('')
        .trim(),
    )
  return paragraphs
}

function swapLetters(word: string): string {
  const at = Math.max(1, Math.floor(word.length / 2) - 1)
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2)
}

function unique(items: string[]): string[] {
  return [...new Set(items.filter((item) => item.length > 1))]
}
