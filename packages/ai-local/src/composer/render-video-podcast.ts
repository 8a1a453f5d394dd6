import { closingLine, detailAt, fill, hooksFor, list, paragraph, type RenderContext } from './render-context.ts'
import { capitalize, escapeHtml, inSentence, titleCase } from './text-tools.ts'

/** Pieces to be heard or watched: a video's description, a podcast's show notes, a spoken script. */

export function renderVideoDescription(ctx: RenderContext): string {
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

export function renderShowNotes(ctx: RenderContext): string {
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

export function renderScript(ctx: RenderContext): string {
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
