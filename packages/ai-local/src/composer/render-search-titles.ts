import { HOW_TO_TITLES, LIST_TITLES, OTHER_TITLES } from './marketing-templates.ts'
import { detailAt, list, topicOfTitle, type RenderContext } from './render-context.ts'
import { capitalize, escapeHtml, fitTo, inSentence, titleCase } from './text-tools.ts'

/** Titles for blog posts, videos and search results, from the keyword the user gave. */
export function renderTitles(ctx: RenderContext): string {
  const { brief, random } = ctx
  const keyword = titleCase(keywordOf(ctx))
  const onlyNumbered = /only numbered/i.test(ctx.prompt) || /listicle/i.test(brief.format ?? '')
  const howTo = /how-to/i.test(brief.format ?? '')
  const pool = onlyNumbered
    ? LIST_TITLES
    : howTo
      ? [...random.sample(HOW_TO_TITLES, 5), ...random.sample(OTHER_TITLES, 10)]
      : random.sample([...HOW_TO_TITLES, ...LIST_TITLES, ...OTHER_TITLES], 20)
  const brand = /End each title with " \| ([^"]+)"/.exec(ctx.prompt)?.[1]
  const titles: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    let title = (pool[i % pool.length] ?? '{K}')
      .replace('{K}', keyword)
      .replace('{n}', String(random.pick([5, 7, 9, 10, 12])))
    if (brand && title.length + brand.length + 3 <= (brief.maxChars ?? 60)) title = `${title} | ${brand}`
    titles.push(fitTo(title, brief.maxChars))
  }
  return list(titles, true)
}

/** Meta descriptions of 140 to 155 characters, each with its length shown. */
export function renderMetaDescriptions(ctx: RenderContext): string {
  const { brief, random } = ctx
  const keyword = keywordOf(ctx)
  const cta = brief.callToAction ? `${capitalize(brief.callToAction)}.` : 'Learn more.'
  const openings = random.sample(
    [
      `${capitalize(keyword)}: practical advice on ${detailAt(ctx, 0)} and ${detailAt(ctx, 1)}.`,
      `Discover how ${ctx.topic} can work for you, with clear steps on ${detailAt(ctx, 0)}.`,
      `Everything you need to know about ${keyword}, from ${detailAt(ctx, 0)} to ${detailAt(ctx, 1)}.`,
      `Get ${keyword} right the first time with tips you can use today.`,
      `A simple guide to ${keyword}: what works, what to skip and where to start.`,
      `Looking for ${keyword}? Compare options and find what fits your needs.`,
    ],
    6,
  )
  const fillers = [
    'Updated for this year.',
    'Free and easy to follow.',
    'Start today.',
    'No jargon.',
    'Expert tips inside.',
  ]
  const items: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    let text = `${openings[i % openings.length] ?? ''} ${cta}`
    for (const filler of random.sample(fillers, fillers.length))
      if (text.length < 140 && text.length + filler.length + 1 <= 155) text = `${text} ${filler}`
    text = fitTo(text, 155)
    items.push(`<li>${escapeHtml(text)} <em>(${text.length} characters)</em></li>`)
  }
  return `<ol>${items.join('')}</ol>`
}

/** The keyword to feature: a quoted one from the prompt, else the subject. */
export function keywordOf(ctx: RenderContext): string {
  const quoted = /keyword "([^"]+)"/i.exec(ctx.prompt)?.[1]
  // "how to repot a plant" reads badly inside "The Beginner's Guide to ...": use "repotting a plant".
  if (quoted) return /^how to\s/i.test(quoted) ? (topicOfTitle(quoted) ?? inSentence(quoted)) : inSentence(quoted)
  return ctx.topic.split(/\s+/).slice(0, 6).join(' ')
}
