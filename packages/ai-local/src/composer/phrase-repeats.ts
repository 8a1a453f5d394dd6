import type { ContentBrief } from './content-brief.ts'
import { bare, escapeHtml, splitList } from './text-tools.ts'

/**
 * A template fills the user's words into several slots, so one option could say "app that turns
 * receipts into expense reports" twice in a row. Within one option (a numbered section such as
 * "Option 2", a list item, a paragraph) the user's phrase is said once; later mentions become a
 * back-reference: the phrase's head noun ("the app", "the sale"), a name's first word ("Priya"), or
 * "it".
 */

const NUMBERED_SECTION = /^<h3>[^<]*\b\d+<\/h3>/
const CLAUSE_START = /^(.+?)\s+(?:that|which|who|for|with|to|into|in|of|from|at|on|by|and)\b|^(.+?),/i

/** The phrases of two words or more the user typed: subject, answers and the items of their lists. */
export function userPhrasesOf(brief: ContentBrief): string[] {
  const typed = [brief.subject, ...brief.details, ...brief.keywords, brief.audience ?? '']
  const phrases = new Set<string>()
  for (const value of typed) {
    for (const phrase of [bare(value), ...splitList(value)]) if (phrase.split(/\s+/).length >= 2) phrases.add(phrase)
  }
  // Longest first, so a phrase is handled before the shorter ones inside it.
  return [...phrases].sort((a, b) => b.length - a.length)
}

/** The reply's HTML with each user phrase said at most once per option. */
export function withoutRepeatedPhrases(html: string, phrases: readonly string[]): string {
  const bySection = html
    .split(/(?=<h3>[^<]*\b\d+<\/h3>)/)
    .map((part) => (NUMBERED_SECTION.test(part) ? sayOnce(part, phrases) : part))
    .join('')
  return bySection.replace(/<(li|p|blockquote)>(.*?)<\/\1>/gs, (_, tag: string, inner: string) => {
    return `<${tag}>${sayOnce(inner, phrases)}</${tag}>`
  })
}

/** Escaped text (or HTML without attributes) in which each phrase keeps only its first mention. */
export function sayOnce(text: string, phrases: readonly string[]): string {
  let result = text
  for (const phrase of phrases) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(escapeHtml(phrase))}(?![\\p{L}\\p{N}])`, 'giu')
    let seen = 0
    result = result.replace(pattern, (match: string, offset: number, whole: string) => {
      seen += 1
      if (seen === 1) return match
      const reference = backReference(phrase)
      return startsSentence(whole, offset) ? reference.charAt(0).toUpperCase() + reference.slice(1) : reference
    })
  }
  return result
}

/** How a later mention refers back: "the app" for "app that turns...", "Priya" for "Priya Nair". */
function backReference(phrase: string): string {
  const words = phrase.split(/\s+/)
  if (words.every((word) => /^[A-Z0-9]/.test(word))) return words[0] ?? 'it'
  const head = CLAUSE_START.exec(phrase)
  const noun = (head?.[1] ?? head?.[2] ?? phrase).split(/\s+/).at(-1)
  return noun && /^[a-z]{3,}$/i.test(noun) ? `the ${noun.toLowerCase()}` : 'it'
}

function startsSentence(text: string, offset: number): boolean {
  const before = text
    .slice(0, offset)
    .replace(/<[^>]*>/g, '')
    .trimEnd()
  return before === '' || /[.!?:]$/.test(before)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
