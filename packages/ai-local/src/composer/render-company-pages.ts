import { closingLine, detailAt, fill, hooksFor, list, paragraph, type RenderContext } from './render-context.ts'
import { capitalize, escapeHtml, inSentence, titleCase } from './text-tools.ts'

/** A company's own pages: a press release, an about page, a product description. */

export function renderPressRelease(ctx: RenderContext): string {
  const company = /dateline location:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1] ?? 'The company'
  const [name = company, place = ''] = company.split(/,\s*/)
  const facts = /facts:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const contact = /media contact:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  return (
    `<h2>${escapeHtml(titleCase(`${name} announces ${ctx.topic}`))}</h2>` +
    `<p><strong>${escapeHtml(place ? `${place.toUpperCase()} — ` : '')}</strong>${escapeHtml(
      `${name} today ` + `announced ${inSentence(ctx.brief.subject)}. ${fill(ctx.points[0] ?? '', ctx, 0)}`,
    )}</p>` +
    `<blockquote>${escapeHtml(
      `"This is an important step for everyone who cares about ${detailAt(ctx, 0)}," said ` +
        `[Spokesperson name], [Title] at ${name}. "${fill(ctx.points[1] ?? '', ctx, 1)}"`,
    )}</blockquote>` +
    (facts
      ? `<h3>Key facts</h3>${list(facts.split(/;\s*|,\s*(?=[A-Z0-9])/).map((fact) => capitalize(fact.trim())))}`
      : '') +
    `<h3>About ${escapeHtml(name)}</h3>${paragraph(
      `${name} works on ${ctx.topic}${place ? ` from ${place}` : ''}. ` +
        `[Add a sentence on the company's mission and size.]`,
    )}` +
    paragraph(`Media contact: ${contact ?? '[Name, e-mail, phone]'}`)
  )
}

export function renderAboutPage(ctx: RenderContext): string {
  const story = /founding story briefly:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const values = /values:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const sections: Array<[string, string]> = [
    [
      'Our story',
      story
        ? `It started simply: ${inSentence(story)}. ${fill(hooksFor(ctx)[0] ?? '', ctx)}`
        : `We started ${ctx.topic} because we wanted something ` +
          `better for ${ctx.brief.audience ?? 'the people around us'}.`,
    ],
    [
      'What we do',
      `${capitalize(ctx.topic)}. ${fill(ctx.points[0] ?? '', ctx, 0)} ${fill(ctx.points[1] ?? '', ctx, 1)}`,
    ],
    [
      'What we believe',
      values
        ? `We hold ourselves to a few values: ${inSentence(values)}. They shape every decision we make.`
        : `We believe good work is ${ctx.bank.adjectives.slice(0, 2).join(' and ')}.`,
    ],
    ['Work with us', closingLine(ctx)],
  ]
  if (/flowing prose/i.test(ctx.prompt)) return sections.map(([, text]) => paragraph(text)).join('')
  return sections.map(([heading, text]) => `<h3>${heading}</h3>${paragraph(text)}`).join('')
}

export function renderProductDescription(ctx: RenderContext): string {
  const features = /benefits:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const items = (features ? features.split(/,\s*|;\s*/) : ctx.details).slice(0, 5)
  const benefits = [
    'so you can get more done in less time',
    'so it lasts for years',
    'so it fits the way you already work',
    'for peace of mind every day',
    'so there is nothing to figure out',
  ]
  const featureBullets = items.map((feature, i) => `${capitalize(feature.trim())}, ${benefits[i % 5]}.`)
  // A format that names a number of bullets gets that many: the features first, then general ones.
  const wanted = Number(/(\d+) bullet/i.exec(ctx.brief.format ?? '')?.[1] ?? featureBullets.length)
  const audience = ctx.brief.audience ? inSentence(ctx.brief.audience) : 'everyday use'
  const general = [
    `Made with ${audience} in mind, so it earns its place from day one.`,
    'Easy to look after, so it keeps working as well as on the first day.',
    'Clear instructions included, so there is nothing to figure out.',
    '[Add your warranty or returns policy here.]',
    'Thoughtful details throughout, so it feels good to use every time.',
  ]
  const bullets = [...featureBullets, ...general].slice(0, wanted)
  return (
    `<h2>${escapeHtml(titleCase(ctx.topic))}</h2>` +
    paragraph(`${fill(ctx.random.pick(hooksFor(ctx)), ctx)} ${fill(ctx.points[0] ?? '', ctx, 0)}`) +
    `${list(bullets)}${paragraph(closingLine(ctx))}`
  )
}
