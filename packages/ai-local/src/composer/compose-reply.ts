import type { ContentKind } from './content-brief.ts'
import { userPhrasesOf, withoutRepeatedPhrases } from './phrase-repeats.ts'
import { readBrief } from './prompt-brief.ts'
import { renderAds, renderHeroes } from './render-ads.ts'
import { renderContext, type RenderContext } from './render-context.ts'
import { renderEmails, renderSubjectLines } from './render-emails.ts'
import { renderArticle, renderIntros, renderListicle, renderOutline } from './render-longform.ts'
import { renderGrammarFix, renderRewrite, renderSummary, renderTranslationNotice } from './render-rewrite.ts'
import { renderMetaDescriptions, renderTitles } from './render-search-titles.ts'
import { renderBios, renderHashtags, renderPosts, renderTags, renderThread } from './render-social.ts'
import { seededRandom } from './seeded-random.ts'

export interface ComposeRequest {
  system: string
  prompt: string
  /** The attempt (OpenAI's `seed`): another seed composes another answer to the same prompt. */
  seed?: number | null
}

const TRANSFORMS = new Set<ContentKind>(['rewrite', 'summary', 'grammar', 'translation'])

const RENDERERS: Record<ContentKind, (ctx: RenderContext) => string> = {
  bio: renderBios,
  caption: (ctx) => renderPosts(ctx, 'Caption'),
  post: (ctx) => renderPosts(ctx, 'Post'),
  thread: renderThread,
  hashtags: renderHashtags,
  tags: renderTags,
  titles: renderTitles,
  meta: renderMetaDescriptions,
  subject_lines: renderSubjectLines,
  email: renderEmails,
  ad: renderAds,
  hero: renderHeroes,
  outline: renderOutline,
  listicle: renderListicle,
  intros: renderIntros,
  article: renderArticle,
  rewrite: renderRewrite,
  summary: renderSummary,
  grammar: renderGrammarFix,
  translation: renderTranslationNotice,
}

/**
 * The built-in local model's answer to a chat request: a deterministic composer, not a language
 * model. It reads the prompt (what is asked, about what, in which tone; see prompt-brief.ts) and
 * writes the content from sentence templates and per-tone phrase banks, choosing with a random
 * source seeded by the prompt and the request's seed: the same prompt and seed give the same answer,
 * another seed (a regenerate) or another prompt a visibly different one. HTML when the system message
 * asks for it, plain text otherwise.
 */
export function composeReply({ system, prompt, seed = null }: ComposeRequest): string {
  const brief = readBrief(prompt)
  // Without a seed (a caller that sends none), the prompt alone seeds it.
  const random = seededRandom(seed === null ? `${system}\n${prompt}` : `${seed}\n${system}\n${prompt}`)
  const rendered = RENDERERS[brief.kind](renderContext(brief, random, prompt))
  // The user's own text is the content of a rewrite, a summary, a correction or a translation.
  const html = TRANSFORMS.has(brief.kind) ? rendered : withoutRepeatedPhrases(rendered, userPhrasesOf(brief))
  return /\bHTML\b/.test(system) ? html : htmlToText(html)
}

function htmlToText(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<\/(?:p|h[1-6]|li|blockquote)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
