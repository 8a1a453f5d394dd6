import { closingLine, detailAt, fill, hooksFor, list, paragraph, type RenderContext } from './render-context.ts'
import { bare, capitalize, escapeHtml, fitTo, inSentence, titleCase } from './text-tools.ts'

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
