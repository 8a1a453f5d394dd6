import { detailAt, paragraph, type RenderContext } from './render-context.ts'
import { capitalize, escapeHtml, inSentence } from './text-tools.ts'
import {
  IMAGE_ANGLES,
  IMAGE_LIGHTS,
  IMAGE_PALETTES,
  LOGO_FONTS,
  LOGO_MARKS,
  LOGO_PALETTES,
} from './visual-brief-words.ts'

/** Briefs for a picture to be made: prompts for an AI image model, logo concepts for a designer. */

export function renderImagePrompts(ctx: RenderContext): string {
  const { brief, random } = ctx
  const style = brief.format ?? 'Photorealistic'
  const detailed = !/one sentence/i.test(ctx.prompt)
  return `<ol>${Array.from({ length: brief.count }, (_, i) => {
    const base = `${capitalize(inSentence(brief.subject))}, ${style.toLowerCase()} style`
    const text = detailed
      ? `${base}, ${random.pick(IMAGE_LIGHTS)}, ${IMAGE_ANGLES[i % IMAGE_ANGLES.length]}, ` +
        `${random.pick(IMAGE_PALETTES)}, highly detailed`
      : `${base}.`
    return `<li>${escapeHtml(text)}</li>`
  }).join('')}</ol>`
}

export function renderLogoConcepts(ctx: RenderContext): string {
  const { brief, random } = ctx
  return Array.from(
    { length: brief.count },
    (_, i) =>
      `<h3>Concept ${i + 1}</h3>${paragraph(
        `${capitalize(LOGO_MARKS[i % LOGO_MARKS.length] ?? '')} for ${brief.subject}, ` +
          `reflecting ${detailAt(ctx, i)}. Palette: ${random.pick(LOGO_PALETTES)}. ` +
          `Typeface: ${random.pick(LOGO_FONTS)}. It stays legible at 16 px and works in one colour.`,
      )}`,
  ).join('')
}
