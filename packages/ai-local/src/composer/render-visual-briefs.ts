import { paragraph, slotsFor, type RenderContext } from './render-context.ts'
import { canFill, fillSlots } from './role-slots.ts'
import { capitalize, escapeHtml } from './text-tools.ts'
import {
  IMAGE_ANGLES,
  IMAGE_LIGHTS,
  IMAGE_PALETTES,
  LOGO_FONTS,
  LOGO_MARKS,
  LOGO_NOTES,
  LOGO_PALETTES,
} from './visual-brief-words.ts'

/** Briefs for a picture to be made: prompts for an AI image model, logo concepts for a designer. */

export function renderImagePrompts(ctx: RenderContext): string {
  const { brief, random } = ctx
  const style = (brief.format ?? 'Photorealistic').toLowerCase()
  const detailed = !/one sentence/i.test(ctx.instructions)
  const angles = random.sample(IMAGE_ANGLES, IMAGE_ANGLES.length)
  return `<ol>${Array.from({ length: brief.count }, (_, i) => {
    const slots = slotsFor(ctx, i)
    const subject = canFill('{Topic}', slots) ? fillSlots('{Topic}', slots) : 'A striking scene'
    const use = canFill('{topic2}', slots) ? `, composed for ${fillSlots('{topic2}', slots)}` : ''
    const angle = angles[i % angles.length] ?? ''
    const text = detailed
      ? `${subject}, ${style} style, ${random.pick(IMAGE_LIGHTS)}, ${angle}, ` +
        `${random.pick(IMAGE_PALETTES)}${use}, highly detailed`
      : `${subject}, ${style} style, ${angle}${use}.`
    return `<li>${escapeHtml(text)}</li>`
  }).join('')}</ol>`
}

export function renderLogoConcepts(ctx: RenderContext): string {
  const { brief, random } = ctx
  return Array.from({ length: brief.count }, (_, i) => {
    const slots = slotsFor(ctx, i)
    const brand = canFill('{who}', slots) ? ` for ${fillSlots('{who}', slots)}` : ''
    const field = canFill('{topic}', slots) ? `, reflecting ${fillSlots('{topic}', slots)}` : ''
    return `<h3>Concept ${i + 1}</h3>${paragraph(
      `${capitalize(LOGO_MARKS[i % LOGO_MARKS.length] ?? '')}${brand}${field}. ` +
        `Palette: ${random.pick(LOGO_PALETTES)}. ` +
        `Typeface: ${random.pick(LOGO_FONTS)}. ${LOGO_NOTES[i % LOGO_NOTES.length] ?? ''}`,
    )}`
  }).join('')
}
