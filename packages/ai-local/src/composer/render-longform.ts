import { closingLine, detailAt, fill, hooksFor, list, paragraph, type RenderContext } from './render-context.ts'
import { bare, capitalize, escapeHtml, inSentence, titleCase } from './text-tools.ts'

const SECTION_HEADINGS = [
  'Why {detail} matters',
  'Getting started with {detail}',
  'Common mistakes with {detail}',
  'Making {detail} a habit',
  'What good {detail} looks like',
  'Tools and resources for {detail}',
  'Measuring progress in {detail}',
  'Where {detail} goes next',
]

const EXPLANATIONS = [
  'In practice, that means choosing one small change and sticking with it long enough to see a result.',
  'It helps to write down what you want from it before you begin, so you can tell whether it is working.',
  'For example, many people begin with a fifteen-minute session each week and build from there.',
  'The details differ from person to person, but the pattern is the same: small, regular steps beat occasional bursts.',
  'A useful test is to ask what would happen if you stopped; if nothing would change, simplify.',
  'Keep notes as you go. They turn scattered attempts into a method you can repeat.',
]

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

function renderVideoDescription(ctx: RenderContext): string {
  const covers = /video covers:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const chapters = /timestamps[^:]*:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const links = /links section with:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const summary =
    `${capitalize(ctx.brief.subject)}. In this ` +
    `video: ${covers ? inSentence(covers) : ctx.topic}. ` +
    `${fill(ctx.points[0] ?? '', ctx, 0)} ${fill(ctx.points[1] ?? '', ctx, 1)}`
  const chapterLines = chapters ? chapters.split(/,\s*(?=\d{1,2}:\d{2})|\n/).map((chapter) => chapter.trim()) : []
  return (
    paragraph(summary) +
    (chapterLines.length > 0 ? `<h3>Chapters</h3>${list(chapterLines)}` : '') +
    (links ? `<h3>Links</h3>${list(links.split(/,\s*/).map((link) => `${capitalize(link)}: [add URL]`))}` : '') +
    paragraph(closingLine(ctx))
  )
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

function renderPressRelease(ctx: RenderContext): string {
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

function renderShowNotes(ctx: RenderContext): string {
  const guest = /bio of the guest:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const short = /only a short summary/i.test(ctx.prompt)
  const summary = paragraph(
    `In this episode we dig into ${ctx.topic}: ${ctx.details
      .slice(0, 3)
      .map((detail) => inSentence(detail))
      .join(', ')}. ${fill(ctx.points[0] ?? '', ctx, 0)}`,
  )
  if (short) return `<h2>${escapeHtml(titleCase(ctx.brief.subject))}</h2>${summary}`
  return (
    `<h2>${escapeHtml(titleCase(ctx.brief.subject))}</h2>${summary}<h3>Key takeaways</h3>` +
    list(ctx.points.slice(0, 4).map((point, i) => fill(point, ctx, i))) +
    (guest
      ? `<h3>About the guest` +
        `</h3>${paragraph(
          `${capitalize(guest)}. They share practical experience ` +
            `with ${detailAt(ctx, 0)} and ${detailAt(ctx, 1)}.`,
        )}`
      : '') +
    `<h3>Links</h3>${list(['[Link to resources mentioned]', '[Where to follow the show]'])}`
  )
}

function renderScript(ctx: RenderContext): string {
  const { random } = ctx
  const beats = ctx.details.slice(0, 3)
  return (
    `<h2>${escapeHtml(titleCase(ctx.topic))}</h2>` +
    `<p><strong>[Hook]</strong> ${escapeHtml(fill(random.pick(hooksFor(ctx)), ctx))}</p>` +
    `<p><strong>[Intro]` +
    `</strong> ${escapeHtml(
      `Today we're covering ${beats.map((beat) => inSentence(beat)).join(', ')}. ` + `Stick around for the last tip.`,
    )} ` +
    `[On-screen text: ${escapeHtml(titleCase(ctx.topic))}]</p>` +
    beats
      .map(
        (beat, i) =>
          `<p><strong>[Part ${i + 1}: ${escapeHtml(capitalize(beat))}]` +
          `</strong> ${escapeHtml(fill(ctx.points[i] ?? '', ctx, i))} ` +
          `[B-roll: close-up of ${escapeHtml(inSentence(beat))}]</p>`,
      )
      .join('') +
    `<p><strong>[Outro]</strong> ${escapeHtml(closingLine(ctx))}</p>`
  )
}

function renderAboutPage(ctx: RenderContext): string {
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

function renderProductDescription(ctx: RenderContext): string {
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

function renderImagePrompts(ctx: RenderContext): string {
  const { brief, random } = ctx
  const style = brief.format ?? 'Photorealistic'
  const detailed = !/one sentence/i.test(ctx.prompt)
  const lights = [
    'soft morning light',
    'golden-hour backlight',
    'moody low-key lighting',
    'bright overcast daylight',
    'neon reflections after rain',
  ]
  const angles = [
    'wide establishing shot',
    'low-angle close-up',
    "bird's-eye view",
    'eye-level medium shot',
    'shallow depth of field portrait',
  ]
  const palettes = [
    'warm earth tones',
    'muted pastels',
    'deep teal and orange',
    'monochrome with one red accent',
    'fresh greens and whites',
  ]
  return `<ol>${Array.from({ length: brief.count }, (_, i) => {
    const base = `${capitalize(inSentence(brief.subject))}, ${style.toLowerCase()} style`
    const text = detailed
      ? `${base}, ${random.pick(lights)}, ${angles[i % angles.length]}, ${random.pick(palettes)}, highly detailed`
      : `${base}.`
    return `<li>${escapeHtml(text)}</li>`
  }).join('')}</ol>`
}

function renderLogoConcepts(ctx: RenderContext): string {
  const { brief, random } = ctx
  const marks = [
    'a monogram built from the initials',
    'a simple geometric symbol',
    'a wordmark with one customised letter',
    'an abstract mark hinting at the field',
    'a badge with clean outlines',
  ]
  const palettes = [
    'navy and warm yellow',
    'charcoal and mint',
    'black and white with a coral accent',
    'forest green and cream',
    'deep purple and soft grey',
  ]
  const fonts = [
    'a geometric sans-serif',
    'a friendly rounded sans',
    'a high-contrast serif',
    'a condensed grotesque',
    'a humanist sans-serif',
  ]
  return Array.from(
    { length: brief.count },
    (_, i) =>
      `<h3>Concept ${i + 1}</h3>${paragraph(
        `${capitalize(marks[i % marks.length] ?? '')} for ${brief.subject}, ` +
          `reflecting ${detailAt(ctx, i)}. Palette: ${random.pick(palettes)}. ` +
          `Typeface: ${random.pick(fonts)}. It stays legible at 16 px and works in one colour.`,
      )}`,
  ).join('')
}
