import { type FormElement, type FormGroups } from '@promptly/core/catalogue/tool'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

/**
 * The rules every composed reply keeps, as checks that return what broke (empty: all kept). The
 * quality test runs them over every seeded tool; each has a unit test of its own.
 */

/** The reply as text, tags removed and entities read back. */
export function replyText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

/** The pieces a reply offers: numbered sections ("Post 2", "Email 3"), list items, paragraphs. */
export function replyOptions(html: string): string[] {
  const numbered = html.split(/(?=<h3>[^<]*\b\d+<\/h3>)/).filter((part) => /^<h3>[^<]*\b\d+<\/h3>/.test(part))
  const blocks = [...html.matchAll(/<(li|p|blockquote)>(.*?)<\/\1>/gs)].map((match) => match[2] ?? '')
  return [...numbered, ...blocks]
}

/** What the user typed into open fields, of two words or more, each value whole. */
export function userPhrases(groups: FormGroups, values: ReadonlyArray<ReadonlyArray<string | boolean>>): string[] {
  const phrases = new Set<string>()
  groups.forEach((group, g) =>
    group.forEach((element: FormElement, i) => {
      const value = values[g]?.[i]
      if (typeof value !== 'string' || element.type === 'tone' || element.type === 'select') return
      const phrase = value.replace(/[.\s]+$/, '')
      if (phrase.split(/\s+/).length >= 2) phrases.add(phrase.toLowerCase())
    }),
  )
  return [...phrases]
}

/** Options that say one of the user's phrases more than once. */
export function repeatedPhrases(html: string, phrases: readonly string[]): string[] {
  const problems: string[] = []
  for (const option of replyOptions(html)) {
    const text = replyText(option).toLowerCase()
    for (const phrase of phrases) {
      const times = text.split(phrase).length - 1
      if (times > 1) problems.push(`"${phrase}" ${times} times in: ${replyText(option).trim()}`)
    }
  }
  return problems
}

/** How many pieces the prompt asks for, when it names a number of them; one number per list. */
export function requestedCounts(prompt: string): number[] | null {
  const twoLists = /^write (\d{1,2}) [^.\n]*? and (\d{1,2}) /im.exec(prompt)
  if (twoLists) return [Number(twoLists[1]), Number(twoLists[2])]
  const match =
    /\b(\d{1,2}) bullet points\b/i.exec(prompt) ??
    /\bgive exactly (\d{1,2})\b/i.exec(prompt) ??
    /\bhas (\d{1,2}) (?:posts|numbered items)\b/i.exec(prompt) ??
    /^(?:write|suggest|create) (\d{1,2})\b(?! characters| words)/im.exec(prompt)
  return match?.[1] ? [Number(match[1])] : null
}

/** How many pieces the reply gives: hashtags, numbered posts or sections, else items of its lists. */
export function deliveredCounts(html: string, prompt: string): number[] {
  if (/\bhashtags\b/i.test(prompt.split('\n')[0] ?? '')) return [replyText(html).match(/#[\p{L}\p{N}]+/gu)?.length ?? 0]
  const thread = html.match(/<p><strong>\d+\/\d+<\/strong>/g)
  if (thread) return [thread.length]
  const sections = html.match(/<h3>[^<]*\b\d+<\/h3>/g)
  if (sections) return [sections.length]
  const lists = [...html.matchAll(/<(ol|ul)>(.*?)<\/\1>/gs)].map((match) => match[2]?.match(/<li>/g)?.length ?? 0)
  return lists.length > 1 ? lists : [lists.reduce((sum, items) => sum + items, 0)]
}

/** Everything the quality test checks on one reply; empty when the reply keeps every rule. */
export function replyProblems(html: string, prompt: string, phrases: readonly string[]): string[] {
  const problems: string[] = []
  if (replyText(html).trim().length < 40) problems.push('almost empty')
  if (sanitizeHtml(html) !== html) problems.push('not sanitised HTML')
  const placeholder = /\{\w*\}|undefined|NaN|\[object|lorem|ipsum/i.exec(html)
  if (placeholder) problems.push(`template placeholder left: ${placeholder[0]}`)
  problems.push(...repeatedPhrases(html, phrases))
  const wanted = requestedCounts(prompt)
  const given = deliveredCounts(html, prompt)
  if (wanted !== null && given.join() !== wanted.join()) {
    problems.push(`asked for ${wanted.join(' + ')}, gave ${given.join(' + ')}`)
  }
  return problems
}
