import {
  closingLine,
  detailAt,
  fill,
  hooksFor,
  list,
  paragraph,
  topicOfTitle,
  type RenderContext,
} from './render-context.ts'
import { bare, capitalize, escapeHtml, fitParts, fitTo, inSentence, titleCase } from './text-tools.ts'

const HOW_TO_TITLES = [
  'How to Get Started With {K}',
  'How to Master {K} Without Burning Out',
  '{K}, Step by Step',
  '{K} for Beginners: A Simple Plan',
  '{K} Explained in 10 Minutes',
]
const LIST_TITLES = [
  '{n} {K} Tips That Actually Work',
  '{n} {K} Mistakes to Stop Making',
  '{n} Lessons From a Year of {K}',
  '{n} Simple Ways to Improve Your {K}',
  '{n} Things Nobody Tells You About {K}',
]
const OTHER_TITLES = [
  "The Beginner's Guide to {K}",
  'Why {K} Matters More Than You Think',
  '{K}: What Nobody Tells You',
  "I Tried {K} for 30 Days. Here's What Happened",
  'Is {K} Worth It? An Honest Look',
  'The Only {K} Checklist You Need',
  'What I Wish I Knew Before Starting {K}',
  '{K} vs. the Alternatives: An Honest Comparison',
  'The Real Cost of {K}',
  'Can You Really Learn {K} in a Week?',
]

/** Headlines that fit any business, for when the user's words run out. */
const AD_HEADLINES = [
  'Get Started in Minutes',
  'Fair, Upfront Prices',
  'Rated by Real Customers',
  'Book Online Today',
  'Fast, Friendly Service',
  'Local Experts You Can Trust',
  'Free, No-Obligation Quote',
  'Open 7 Days a Week',
  'Call Now for Help',
  'Quality You Can See',
  'Simple, Honest Service',
  'See Why Customers Return',
  'Here When You Need Us',
  'Results You Can Count On',
  'Start Today, Pay Less',
]

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

/** Subject lines with preview text, optionally labelled by style. */
export function renderSubjectLines(ctx: RenderContext): string {
  const { brief, random } = ctx
  const topic = ctx.topic
  const styles: Array<[string, string, string]> = [
    [
      'Curiosity',
      `The ${topic} detail most people miss`,
      `It takes two minutes to read and might change how you see ${detailAt(ctx, 0)}.`,
    ],
    ['Benefit', `Make ${topic} easier this week`, `A short guide to ${detailAt(ctx, 1)}, with one thing to try today.`],
    ['Urgency', `Last chance: ${topic}`, `The offer closes soon. Here is what is included.`],
    ['Personal', `A quick note about ${topic}`, `I wanted you to hear this one from me first.`],
    ['Curiosity', `Did you know this about ${detailAt(ctx, 2)}?`, `One surprising fact, and what to do with it.`],
    ['Benefit', `Your ${detailAt(ctx, 0)} checklist is here`, `Everything in one place, ready to use.`],
    ['Personal', `What I learned from ${topic}`, `Three lessons, no fluff.`],
    ['Urgency', `Starts tomorrow: ${topic}`, `Save your spot before it fills up.`],
  ]
  const labelled = /label each/i.test(ctx.prompt)
  const picked = random.sample(styles, styles.length)
  const items = Array.from({ length: brief.count }, (_, i) => {
    const [style, subject, preview] = picked[i % picked.length] ?? styles[0]!
    const label = labelled ? ` <em>(${style})</em>` : ''
    return (
      `<li><strong>${escapeHtml(fitTo(capitalize(subject), 50))}` +
      `</strong>${label}<br>Preview: ${escapeHtml(preview)}</li>`
    )
  })
  return `<ol>${items.join('')}</ol>`
}

/** Cold, follow-up and pitch e-mails, and newsletter issues. */
export function renderEmails(ctx: RenderContext): string {
  if (/\bnewsletter\b/i.test(ctx.prompt.split('\n')[0] ?? '')) return renderNewsletter(ctx)
  const { brief, random } = ctx
  const observation = /observation:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1]
  const offer = /offers?:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1] ?? detailAt(ctx, 0)
  const ask =
    /ask:\s*(.+?)\.?$/im.exec(ctx.prompt)?.[1] ??
    /offer (an? [^,.]+|exclusive [^,.]+|case studies)/i.exec(ctx.prompt)?.[1] ??
    'a short call'
  const signOff = {
    friendly: 'Cheers,',
    professional: 'Best regards,',
    witty: 'Cheers,',
    bold: 'Thanks,',
    inspiring: 'Warmly,',
    calm: 'Best,',
  }[brief.tone]
  const isPitch = /\bpitch\b/i.test(ctx.prompt)
  const isFollowUp = /follow-up/i.test(ctx.prompt)
  const emails: string[] = []
  for (let i = 0; i < brief.count; i += 1) {
    const subject = random.pick(
      isPitch
        ? [`Story idea: ${ctx.topic}`, `For your readers: ${ctx.topic}`, `Exclusive: ${ctx.topic}`]
        : isFollowUp
          ? [`Following up on ${ctx.topic}`, `Quick follow-up`, `One more thought on ${ctx.topic}`]
          : [
              `Idea for ${inSentence(bare(brief.subject.split(',')[0] ?? ''))}`,
              `Quick question about ${detailAt(ctx, i)}`,
              `${capitalize(detailAt(ctx, i))}, made simpler`,
            ],
    )
    const body = [
      observation
        ? `I noticed ${inSentence(observation)}, and it made me think of you.`
        : fill(random.pick(hooksFor(ctx)), ctx, i),
      isPitch
        ? `The story: ${inSentence(brief.subject)}. It fits your beat ` +
          `because ${
            brief.audience ? `${inSentence(brief.audience)} ` + `care about` : 'your readers care about'
          } ${detailAt(ctx, i)}.`
        : isFollowUp
          ? `I'm following up after ${inSentence(brief.subject)} with one useful addition: ${detailAt(ctx, i + 1)}.`
          : `We help ${inSentence(bare(brief.subject.split(',')[0] ?? 'teams like yours'))} ` +
            `with ${inSentence(bare(offer))}, ` +
            `so ${fill(random.pick(ctx.bank.points), ctx, i).replace(/^./, (c) => c.toLowerCase())}`,
      `Would you be open to ${inSentence(ask)}? If the timing is wrong, a quick no is fine too.`,
    ]
    emails.push(
      (brief.count > 1 ? `<h3>Email ${i + 1}</h3>` : '') +
        `<p><strong>Subject:</strong> ${escapeHtml(subject)}</p>` +
        paragraph(isPitch ? 'Hi [Journalist name],' : 'Hi [First name],') +
        body.map(paragraph).join('') +
        `<p>${escapeHtml(signOff)}<br>[Your name]</p>`,
    )
  }
  return emails.join('')
}

function renderNewsletter(ctx: RenderContext): string {
  const { random } = ctx
  const sender = /sign off as (.+?)\.?$/im.exec(ctx.prompt)?.[1] ?? 'The team'
  const items = ctx.details.slice(0, 4)
  return (
    `<h2>${escapeHtml(titleCase(ctx.topic))}: this week</h2>` +
    paragraph(fill(random.pick(hooksFor(ctx)), ctx)) +
    `<h3>The main story</h3>` +
    paragraph(`${fill(random.pick(ctx.bank.points), ctx, 0)} ${fill(random.pick(ctx.bank.points), ctx, 1)}`) +
    `<h3>Quick hits</h3>` +
    list(
      items.map(
        (item, i) => `${capitalize(item)}: ${fill(ctx.bank.points[(i + 2) % ctx.bank.points.length] ?? '', ctx, i)}`,
      ),
    ) +
    paragraph(closingLine(ctx)) +
    paragraph(`See you next time,\n${sender}`)
  )
}

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

/** The keyword to feature: a quoted one from the prompt, else the subject. */
export function keywordOf(ctx: RenderContext): string {
  const quoted = /keyword "([^"]+)"/i.exec(ctx.prompt)?.[1]
  // "how to repot a plant" reads badly inside "The Beginner's Guide to ...": use "repotting a plant".
  if (quoted) return /^how to\s/i.test(quoted) ? (topicOfTitle(quoted) ?? inSentence(quoted)) : inSentence(quoted)
  return ctx.topic.split(/\s+/).slice(0, 6).join(' ')
}
