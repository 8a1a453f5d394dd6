import { AD_HEADLINES } from './marketing-templates.ts'
import { closingLine, detailAt, fill, list, type RenderContext } from './render-context.ts'
import { keywordOf } from './render-search-titles.ts'
import { capitalize, escapeHtml, fitParts, fitTo, inSentence, titleCase } from './text-tools.ts'

/** Ad copy: social ad variants, search ad assets, or headline A/B variations. */
export function renderAds(ctx: RenderContext): string {
  const { brief, random } = ctx
  if (/responsive search ad|google/i.test(ctx.prompt)) {
    const wanted = brief.count > 1 ? brief.count : 10
    // Distinct headlines: the user's topics in several frames first, then plain ones to make up the count.
    const framed = Array.from({ length: wanted }, (_, i) => [
      `${titleCase(keywordOf(ctx))} Made Simple`,
      `Try ${titleCase(ctx.topic)}`,
      `${titleCase(detailAt(ctx, i))} Today`,
      `Trusted ${titleCase(keywordOf(ctx))}`,
      `${titleCase(detailAt(ctx, i))}, Done Right`,
    ]).flat()
    const pool = [...new Set(framed.map((headline) => fitTo(headline, 30)))]
    const plain = AD_HEADLINES.filter((headline) => !pool.includes(headline))
    const headlines = [...random.sample(pool, wanted), ...random.sample(plain, wanted)].slice(0, wanted)
    const descriptions = Array.from({ length: 4 }, (_, i) =>
      fitParts([fill(ctx.bank.points[i % ctx.bank.points.length] ?? '', ctx, i), closingLine(ctx)], 90),
    )
    return `<h3>Headlines</h3>${list(headlines, true)}<h3>Descriptions</h3>${list(descriptions, true)}`
  }
  if (/variations of this ad headline/i.test(ctx.prompt)) {
    const original = brief.subject
    const variations: Array<[string, string]> = [
      ['Problem angle', `Tired of ${inSentence(detailAt(ctx, 0))}? ${original}`],
      ['Benefit angle', `${original}: ${capitalize(detailAt(ctx, 1))} in Minutes`],
      ['Proof angle', `Join 10,000+ Customers: ${original}`],
      ['Question', `Ready for ${inSentence(original)}?`],
      ['Urgency', `${original}. Today Only`],
      ['Specific', `${original} in 3 Simple Steps`],
      ['Emotion', `Finally, ${inSentence(original)} You'll Love`],
      ['Short', fitTo(original, 25)],
    ]
    return `<ol>${random
      .sample(variations, variations.length)
      .slice(0, brief.count)
      .map(([label, text]) => `<li>${escapeHtml(text)} <em>(${label})</em></li>`)
      .join('')}</ol>`
  }
  const angles = /three variants/i.test(ctx.prompt) ? ['Problem-led', 'Benefit-led', 'Social-proof-led'] : ['Variant']
  return angles
    .map((angle, i) => {
      const lead =
        angle === 'Problem-led'
          ? `Still struggling with ${detailAt(ctx, i)}? There is an easier way.`
          : angle === 'Social-proof-led'
            ? `Thousands already use ${ctx.topic} for ${detailAt(ctx, i)}.`
            : fill(random.pick(ctx.bank.points), ctx, i)
      return (
        `<h3>${escapeHtml(angle)}</h3>` +
        `<p><strong>Primary text:</strong> ${escapeHtml(fitParts([lead, closingLine(ctx)], 125))}</p>` +
        `<p><strong>Headline:</strong> ${escapeHtml(fitTo(titleCase(`${detailAt(ctx, i + 1)}, made easy`), 40))}</p>` +
        `<p><strong>Description:` +
        `</strong> ${escapeHtml(fitTo(capitalize(random.pick(ctx.bank.adjectives)) + ' and ready today', 30))}</p>`
      )
    })
    .join('')
}

/** Landing page hero sections: headline, subheadline, button. */
export function renderHeroes(ctx: RenderContext): string {
  const { brief, random } = ctx
  const destination = /lead visitors to (.+?)\.?$/im.exec(ctx.prompt)?.[1] ?? 'get started'
  const button = capitalize(destination.replace(/^start a /i, 'Start your ').replace(/^book a /i, 'Book your '))
  const headlines = random.sample(
    [
      `${capitalize(ctx.topic)}, without the hassle`,
      `The simplest way to ${detailAt(ctx, 0)}`,
      `${capitalize(detailAt(ctx, 0))} that just works`,
      `Stop wrestling with ${detailAt(ctx, 1)}`,
      `Built for ${brief.audience ? inSentence(brief.audience) : 'busy teams'}`,
      `${capitalize(random.pick(ctx.bank.adjectives))} ${ctx.topic} for everyone`,
    ],
    6,
  )
  return Array.from(
    { length: brief.count },
    (_, i) =>
      `<h3>Option ${i + 1}</h3>` +
      `<p><strong>Headline:</strong> ${escapeHtml(headlines[i % headlines.length] ?? '')}</p>` +
      `<p><strong>Subheadline:` +
      `</strong> ${escapeHtml(fill(ctx.bank.points[i % ctx.bank.points.length] ?? '', ctx, i))}</p>` +
      `<p><strong>Button:</strong> ${escapeHtml(button)}</p>`,
  ).join('')
}
