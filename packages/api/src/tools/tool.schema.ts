import { z } from 'zod'

import { fieldRole } from '@promptly/core/catalogue/field-roles'
import { TOOL_KINDS } from '@promptly/core/catalogue/tool'

/**
 * The catalogue's output shapes, shared by the server (tRPC output validation, REST adapter) and the
 * web app (types inferred through AppRouter, or imported from here). Structural only: the JSON
 * columns are checked with core's write schemas when read (see tool-rows.ts), so these do not
 * transform again.
 */

/**
 * A tool id as the database stores it: a UUID, in lower case. Anything else is a 400, never a
 * database cast error. PostgreSQL reads an upper-case UUID as the same id, but the server keys its
 * catalogue cache by the id and echoes it back, so one spelling keeps one cache entry per tool and
 * answers that match the ids in lists.
 */
export const toolId = z.uuid().toLowerCase()

/** What a catalogue card shows (list, search, bookmarks). */
export const toolCard = z.object({
  id: z.string(),
  name: z.string(),
  /** The short name used where space is tight (similar tools, bookmarks). */
  accoName: z.string(),
  /** The one-line pitch, clamped to 3 lines on cards (the legacy `templete`). */
  tagLine: z.string(),
  logo: z.string(),
  labels: z.array(z.string()),
  /** The label the tool is filed under; similar tools share it. */
  groupBy: z.string(),
  kind: z.enum(TOOL_KINDS),
  /** Labelled 'Upcoming Tools': the card shows 'Coming Soon...' instead of a Generate button. */
  upcoming: z.boolean(),
  /** True when the signed-in caller bookmarked the tool; always false signed out. */
  isBookmarked: z.boolean(),
})
export type ToolCard = z.infer<typeof toolCard>

export const toolCardList = z.array(toolCard)

/** One element of a tool's form as the generator page renders it (core's formElement, after its transform). */
export const formElementView = z.object({
  text: z.string(),
  placeholder: z.string(),
  gpt: z.string(),
  type: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
  /** What the value is for the writer (core's field-roles.ts); absent on tools saved before roles. */
  role: fieldRole.optional(),
})
export type FormElementView = z.infer<typeof formElementView>

export const faqItemView = z.object({ question: z.string(), answer: z.string() })

/** Everything the generator page needs about one tool. */
export const toolDetail = toolCard.extend({
  description: z.string(),
  /** Rows of the form; each row a list of elements. */
  groups: z.array(z.array(formElementView)),
  faq: z.array(faqItemView),
})
export type ToolDetail = z.infer<typeof toolDetail>

/** A related tool in the generator page's side list (spec: Similar tool). */
export const similarTool = z.object({
  id: z.string(),
  name: z.string(),
  accoName: z.string(),
  logo: z.string(),
})
export type SimilarTool = z.infer<typeof similarTool>
