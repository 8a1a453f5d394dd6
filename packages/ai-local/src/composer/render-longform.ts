import { EXPLANATIONS, SECTION_HEADINGS } from './longform-phrases.ts'
import { renderAboutPage, renderPressRelease, renderProductDescription } from './render-company-pages.ts'
import { closingLine, detailAt, fill, hooksFor, list, paragraph, type RenderContext } from './render-context.ts'
import { renderScript, renderShowNotes, renderVideoDescription } from './render-video-podcast.ts'
import { renderImagePrompts, renderLogoConcepts } from './render-visual-briefs.ts'
import { bare, capitalize, escapeHtml, inSentence, titleCase } from './text-tools.ts'

/** An article (or a page, script, release...) in sections; the flavour is read from the task line. */
export function renderArticle(ctx: RenderContext): string {
  const task = ctx.prompt.split('\n')[0] ?? ''
  if (/video description/i.test(task)) return renderVideoDescription(ctx)
  if (/press release/i.test(task)) return renderPressRelease(ctx)
  if (/show notes/i.test(task)) return renderShowNotes(ctx)
  if (/\bscript\b/i.test(task)) return renderScript(ctx)
  if (/about us/i.test(task)) return renderAboutPage(ctx)
  if (/product description/i.test(task)) return renderProductDescription(ctx)
  if (/prompts? for an ai image/i.test(task)) return renderImagePrompts(ctx)
  if (/logo concepts?/i.test(task)) return renderLogoConcepts(ctx)
  return renderSections(ctx, titleCase(ctx.statement ?? ctx.topic))
}

function renderSections(ctx: RenderContext, title: string): string {
  const { brief, random } = ctx
  const sections = Math.min(8, Math.max(3, Math.round((brief.targetWords ?? 450) / 150)))
  const headings = random.sample(SECTION_HEADINGS, sections)
  const points = random.sample(ctx.bank.points, ctx.points.length)
  const intro =
    `${fill(random.pick(hooksFor(ctx)), ctx)} ${
      brief.audience ? `This guide is written ` + `for ${inSentence(brief.audience)}.` : ''
    } ` +
    `It covers ${ctx.details
      .slice(0, 3)
      .map((detail) => inSentence(detail))
      .join(', ')} ` +
    `and how they fit together.`
  const body = headings.map((heading, i) => {
    const sentences = [fill(points[i % points.length] ?? '', ctx, i), ...random.sample(EXPLANATIONS, 2)]
    return `<h3>${escapeHtml(capitalize(fill(heading, ctx, i)))}</h3>${paragraph(sentences.join(' '))}`
  })
  return (
    `<h2>${escapeHtml(title)}</h2>${paragraph(intro.replace(/\s{2,}/g, ' '))}${body.join('')}<h3>The ` +
    `takeaway</h3>${paragraph(`${capitalize(ctx.topic)} rewards steady attention. ${closingLine(ctx)}`)}`
  )
}

/** A blog post outline: H2 title, H3 sections with key points, and an FAQ. */
export function renderOutline(ctx: RenderContext): string {
  const { random } = ctx
  const type = ctx.brief.format ?? 'How-to guide'
  const headings = /comparison/i.test(type)
    ? ['What to compare', `How ${ctx.topic} stacks up`, 'Costs and trade-offs', 'Which option fits whom', 'Verdict']
    : /listicle/i.test(type)
      ? Array.from({ length: 5 }, (_, i) => `${i + 1}. ${capitalize(detailAt(ctx, i))}`)
      : [
          'What you need before you start',
          ...Array.from({ length: 3 }, (_, i) => `Step ${i + 1}: ${capitalize(detailAt(ctx, i))}`),
          'Mistakes to avoid',
        ]
  const sections = headings.map((heading, i) => {
    const points = random.sample([fill(ctx.points[i % ctx.points.length] ?? '', ctx, i), ...EXPLANATIONS], 3)
    return `<h3>${escapeHtml(heading)}</h3>${list(points.map((point) => point.split(/(?<=\.)\s/)[0] ?? point))}`
  })
  const faq = [
    `What is the first step with ${ctx.topic}?`,
    `How long does ${ctx.topic} take?`,
    `Do I need special tools for ${detailAt(ctx, 0)}?`,
  ].map((question) => `<li><strong>${escapeHtml(question)}</strong> ${escapeHtml(random.pick(EXPLANATIONS))}</li>`)
  return (
    `<h2>${escapeHtml(titleCase(ctx.topic))}: ${escapeHtml(
      /comparison/i.test(type)
        ? 'An Honest ' + 'Comparison'
        : /listicle/i.test(type)
          ? 'The Essentials'
          : 'A Step-by-Step Guide',
    )}</h2>${paragraph(`Introduction: ${fill(random.pick(hooksFor(ctx)), ctx)}`)}${sections.join('')}<h3>FAQ` +
    `</h3><ul>${faq.join('')}</ul>`
  )
}

/** A numbered listicle: each item a bold heading and a short paragraph. */
export function renderListicle(ctx: RenderContext): string {
  const { brief, random } = ctx
  const count = Math.max(3, brief.count)
  const withTips = /concrete how-to tip/i.test(ctx.prompt)
  const items = Array.from({ length: count }, (_, i) => {
    const heading = capitalize(fill(random.pick(SECTION_HEADINGS), ctx, i))
    const text = `${fill(ctx.points[i % ctx.points.length] ?? '', ctx, i)} ${EXPLANATIONS[i % EXPLANATIONS.length]}`
    const tip = withTips
      ? ` <em>Try this:` +
        `</em> ${escapeHtml(`spend ten minutes today on ${detailAt(ctx, i)} and write down one thing you noticed.`)}`
      : ''
    return `<li><strong>${escapeHtml(heading)}.</strong> ${escapeHtml(text)}${tip}</li>`
  })
  const given = bare(ctx.brief.subject.split('\n')[0] ?? '')
  const title = /^\d+\s/.test(given)
    ? titleCase(given)
    : /^(?:ways|tips|things|reasons|mistakes|lessons|ideas|steps|habits)\b/i.test(given)
      ? `${count} ${titleCase(given)}`
      : ctx.statement
        ? titleCase(ctx.statement)
        : `${count} ${titleCase(ctx.topic)} Ideas Worth Trying`
  return (
    `<h2>${escapeHtml(title)}</h2>${paragraph(fill(random.pick(hooksFor(ctx)), ctx))}` +
    `<ol>${items.join('')}</ol>${paragraph(closingLine(ctx))}`
  )
}

/** Several alternative introductions for one blog post. */
export function renderIntros(ctx: RenderContext): string {
  const { brief, random } = ctx
  const opening = brief.format ?? /open with (.+?)\.?$/im.exec(ctx.prompt)?.[1] ?? 'a question'
  const openers = /statistic/i.test(opening)
    ? [
        `Here is a number worth sitting with: [add a current statistic about ${ctx.topic}].`,
        `[Statistic about ${detailAt(ctx, 0)}]. That figure surprises most people.`,
        `Research on ${ctx.topic} keeps pointing the same way: [add the statistic and its source].`,
      ]
    : /story/i.test(opening)
      ? [
          `The first time I tried ${ctx.topic}, almost nothing went to plan.`,
          `Last spring, a friend asked me a simple question about ${detailAt(ctx, 0)}. I did not have a good answer.`,
          `It started with a bad week and a half-finished attempt at ${ctx.topic}.`,
        ]
      : [
          `What if ${ctx.topic} were simpler than it looks?`,
          `Why do so many people give up on ${detailAt(ctx, 0)} after a week?`,
          `Have you ever wondered what really makes ${ctx.topic} work?`,
        ]
  return Array.from({ length: brief.count }, (_, i) => {
    const sentences = [
      openers[i % openers.length] ?? '',
      fill(ctx.points[i % ctx.points.length] ?? '', ctx, i),
      random.pick(EXPLANATIONS),
      ctx.details.length > 1
        ? `In this post, you'll learn about ${detailAt(ctx, i)}, ${detailAt(ctx, i + 1)} and how to put them to work.`
        : `In this post, you'll see how to approach ${ctx.topic} one step at a time.`,
    ]
    return `<h3>Introduction ${i + 1}</h3>${paragraph(sentences.join(' '))}`
  }).join('')
}
