import type { RenderContext } from './render-context.ts'
import { allValues } from './role-values.ts'
import { escapeHtml, fitWhole } from './text-tools.ts'
import { USE_FRAMES, wordPattern } from './voice-words.ts'

/**
 * A brand voice's wording applied to a written reply. The banks already skip templates with a word
 * to avoid (voice-words.ts); what remains is the renderers' fixed words: a sentence that says an
 * avoided word outside the user's own values is dropped. Then each option (a numbered section, an
 * item of the main list, else the whole reply) without a word to use gets a short sentence with one.
 */
export function withVoiceWords(html: string, ctx: RenderContext): string {
  let result = html
  if (ctx.voice.toAvoid.length > 0) result = withoutAvoided(result, ctx)
  if (ctx.voice.toUse.length > 0) result = withWordsToUse(result, ctx)
  return result
}

/** The user's values as they appear in the HTML, longest first, to be left alone. */
function protectedValues(ctx: RenderContext): string[] {
  const values = [...allValues(ctx.values), ...ctx.brief.sourceText.split(/\n+/)].filter((value) => value !== '')
  return [...new Set(values.flatMap((value) => [value, escapeHtml(value)]))].sort((a, b) => b.length - a.length)
}

function withoutAvoided(html: string, ctx: RenderContext): string {
  const values = protectedValues(ctx)
  const cleaned = html.replace(/>([^<]+)</g, (_, text: string) => {
    // Values are set aside first, so that a sentence break inside one does not split it.
    const kept: string[] = []
    let masked = text
    for (const value of values) {
      masked = masked.split(value).join(`\uE000${kept.length}\uE000`)
      if (masked.includes(`\uE000${kept.length}\uE000`)) kept.push(value)
    }
    const sentences = masked.match(/[^.!?]+(?:[.!?]+\s*|$)/g) ?? [masked]
    const allowed = sentences.filter((sentence) => !ctx.voice.avoids(sentence.replace(/\uE000\d+\uE000/g, ' ')))
    const restored = allowed
      .join('')
      .replace(/\uE000(\d+)\uE000/g, (_match, index: string) => kept[Number(index)] ?? '')
    return `>${restored}<`
  })
  return withoutEmptyElements(cleaned)
}

function withoutEmptyElements(html: string): string {
  let result = html
  for (let pass = 0; pass < 3; pass += 1) {
    result = result.replace(/<(p|li|h2|h3|strong|em|blockquote|ol|ul)>\s*<\/\1>/g, '')
  }
  return result
}

function withWordsToUse(html: string, ctx: RenderContext): string {
  const used = wordPattern(ctx.voice.toUse)
  const frames = ctx.voice.allowed(USE_FRAMES)
  if (used === null || frames.length === 0) return html
  let option = 0
  const line = () => {
    const word = ctx.voice.toUse[option % ctx.voice.toUse.length] ?? ''
    const frame = frames[option % frames.length] ?? '{word}.'
    option += 1
    return frame.replace(/\{(W|w)ord\}/, (_slot, first: string) =>
      first === 'W' ? word.charAt(0).toUpperCase() + word.slice(1) : word,
    )
  }
  const sections = html.split(/(?=<h3>[^<]*\b\d+<\/h3>)/)
  if (sections.filter((section) => /^<h3>[^<]*\b\d+<\/h3>/.test(section)).length >= 2) {
    return sections
      .map((section) => {
        if (!/^<h3>[^<]*\b\d+<\/h3>/.test(section) || used.test(section)) return section
        const sentence = line()
        const length = section
          .replace(/<h3>.*?<\/h3>/, '')
          .replace(/<[^>]+>/g, ' ')
          .trim().length
        return fits(length, sentence, ctx) ? `${section}<p>${escapeHtml(sentence)}</p>` : section
      })
      .join('')
  }
  const items = html.match(/<li>.*?<\/li>/gs) ?? []
  if (items.length > 1 && /^(?:<p>[^<]*<\/p>)?<ol>/.test(html)) {
    return html.replace(/<li>(.*?)( <em>\(\d+ characters\)<\/em>)?<\/li>/gs, (whole, inner: string, count?: string) => {
      if (used.test(inner)) return whole
      const text = inner.replace(/<[^>]+>/g, '')
      const sentence = line()
      if (!fits(text.length, sentence, ctx)) return whole
      const joined = fitWhole([inner, escapeHtml(sentence)], null)
      const counted = count ? ` <em>(${text.length + 1 + sentence.length} characters)</em>` : ''
      return `<li>${joined}${counted}</li>`
    })
  }
  return used.test(html) ? html : `${html}<p>${escapeHtml(line())}</p>`
}

/** Whether a sentence added to an option of `length` characters keeps within the tool's limit. */
function fits(length: number, sentence: string, ctx: RenderContext): boolean {
  const max = /of 140 to 155 characters/i.test(ctx.instructions) ? 155 : ctx.brief.maxChars
  return max === null || length + 1 + sentence.length <= max
}
