import { z } from 'zod'

/**
 * What a form field's value is, for whoever writes the content (a model, or the built-in local
 * writer): the slot it belongs in. A value is used whole, in its role's place, never cut into a
 * sub-phrase or moved to another role's place.
 * - who: the person or brand speaking or described (a bio's "Who you are");
 * - product: the product, service, company or event being sold or described;
 * - topic: what the content is about (the default);
 * - audience: who it is for;
 * - call_to_action: what the reader should do next;
 * - keyword: words or phrases to work in (SEO keywords, hashtags to include);
 * - text: the user's own text to work on (to summarise, rewrite, correct or translate);
 * - tone: the tone of voice chosen;
 * - setting: a choice that shapes the answer rather than its content (length, count, format, emojis).
 */
export const FIELD_ROLES = [
  'who',
  'product',
  'topic',
  'audience',
  'call_to_action',
  'keyword',
  'text',
  'tone',
  'setting',
] as const
export const fieldRole = z.enum(FIELD_ROLES)
export type FieldRole = z.infer<typeof fieldRole>

/** A new field's role in the tool-builder, and a stored field's when it names none. */
export const DEFAULT_FIELD_ROLE: FieldRole = 'topic'

/**
 * The role a field plays: its own, else what its type implies (a tone picker sets the tone, a
 * switch a setting), else DEFAULT_FIELD_ROLE. Tools saved before fields had roles read this way.
 */
export function roleOf(element: { role?: FieldRole | undefined; type: string }): FieldRole {
  if (element.role) return element.role
  if (element.type === 'tone') return 'tone'
  if (element.type === 'switch' || element.type === 'checkbox') return 'setting'
  return DEFAULT_FIELD_ROLE
}
