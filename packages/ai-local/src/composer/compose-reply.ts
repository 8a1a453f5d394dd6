import type { ContentKind } from './content-brief.ts'
import { readBrief } from './prompt-brief.ts'
import { renderAds, renderHeroes } from './render-ads.ts'
import { renderBios } from './render-bios.ts'
import { renderContext, type RenderContext } from './render-context.ts'
import { renderEmails, renderSubjectLines } from './render-emails.ts'
import { renderArticle, renderIntros, renderListicle, renderOutline } from './render-longform.ts'
import { renderPosts, renderThread } from './render-posts.ts'
import { renderGrammarFix, renderRewrite, renderSummary, renderTranslationNotice } from './render-rewrite.ts'
import { renderMetaDescriptions, renderTitles } from './render-search-titles.ts'
import { renderHashtags, renderTags } from './render-tags.ts'
import { seededRandom } from './seeded-random.ts'
import { withVoiceWords } from './voice-pass.ts'

export interface ComposeRequest {
  system: string
  prompt: string
  /** The attempt (OpenAI's `seed`): another seed composes another answer to the same prompt. */
  seed?: number | null
}

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
 * model. It reads the request (what is asked, and the user's values by role; see prompt-brief.ts)
 * and writes the content from sentence templates and per-tone phrase banks whose slots take the
 * values whole, each in its role's place (role-slots.ts), choosing with a random source seeded by
 * the request and its seed: the same request and seed give the same answer, another seed (a
 * regenerate) or another prompt a visibly different one. HTML when the system message asks for it,
 * plain text otherwise.
 */
export function composeReply({ system, prompt, seed = null }: ComposeRequest): string {
  const brief = readBrief(prompt, system)
  // Without a seed (a caller that sends none), the request alone seeds it.
  const random = seededRandom(seed === null ? `${system}\n${prompt}` : `${seed}\n${system}\n${prompt}`)
  const context = renderContext(brief, random)
  const html = withVoiceWords(RENDERERS[brief.kind](context), context)
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
