import { z } from 'zod'

import { noControlCharacters } from '../text/control-characters.ts'
import { FREE_TEXT_CONTROL_MESSAGE } from '../text/unsafe-characters.ts'
import { fieldRole } from './field-roles.ts'
import { OTHER_ELEMENT_TYPE } from './form-element-types.ts'
import { ALL_TOOLS, LABELS, MY_TOOLS, UPCOMING_TOOLS } from './labels.ts'

/**
 * The shapes of a tool as the builder writes it and the generator page reads it (spec section 3).
 * One schema serves both directions: the write path parses input with it, and the read path checks
 * the JSON columns (groups, faq) with the same element and FAQ schemas.
 */

/**
 * Where the user's value goes in an element's `gpt` prompt fragment, e.g. "Write the bio for {value}."
 * A fragment without it gets the value appended (see generation/compose-prompt.ts).
 */
export const PROMPT_VALUE_PLACEHOLDER = '{value}'

/**
 * The original product's placeholder for the same place, e.g. "Write the bio for {%%}.": fragments
 * written for it (copied tools, legacy scripts calling addObjectOnce) keep working. The builder offers
 * PROMPT_VALUE_PLACEHOLDER; both are read.
 */
export const LEGACY_PROMPT_VALUE_PLACEHOLDER = '{%%}'

export const TOOL_KINDS = ['generic', 'paraphrase', 'image', 'text_to_audio', 'transcription'] as const
/** Which screen /generate shows: the form built from `groups`, or one of the dedicated tools. */
export const toolKind = z.enum(TOOL_KINDS)
export type ToolKind = z.infer<typeof toolKind>

const MAX_OPTIONS = 50
const MAX_ELEMENTS_PER_GROUP = 20
const MAX_GROUPS = 10
const MAX_FAQ_ITEMS = 20
const MAX_LABELS = 15
const MAX_LABEL_LENGTH = 60

/** Free text a tool's author writes (a description, a prompt fragment): tabs and line breaks allowed. */
function authorText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .check(noControlCharacters(FREE_TEXT_CONTROL_MESSAGE, { freeText: true }))
}

const singleLine = (what: string) => noControlCharacters(`${what} must be a single line of text`)

/** Blank options are dropped on save (spec section 3); the rest are trimmed. */
const elementOptions = z
  .array(z.string().max(200).trim().check(singleLine('An option')))
  .max(MAX_OPTIONS)
  .transform((options) => options.map((option) => option.trim()).filter((option) => option !== ''))

/** An element's fields as written, before the checks and the `other` rule (checkFormElement, savedFormElement). */
export const formElementFields = z.object({
  /** The label shown above the field. */
  text: z.string().trim().min(1, 'Every element needs a label').max(120).check(singleLine('A label')),
  placeholder: z.string().trim().max(200).check(singleLine('A placeholder')).default(''),
  /** The prompt fragment this element contributes; see PROMPT_VALUE_PLACEHOLDER. */
  gpt: authorText(1000).default(''),
  /** One of FORM_ELEMENT_TYPES, 'other' (with otherType) or a free-text type saved from 'other'. */
  type: z.string().trim().min(1, 'Choose an element type').max(40).check(singleLine('An element type')),
  otherType: z.string().trim().max(40).check(singleLine('An element type')).optional(),
  options: elementOptions.default([]),
  required: z.boolean().default(true),
  /** What the value is for the writer (field-roles.ts); absent on tools saved before roles: see roleOf. */
  role: fieldRole.optional(),
})

/** An element's rules across its fields: an `other` names its type, choices have their options. */
export function checkFormElement(
  element: { type: string; otherType?: string | undefined; options: string[] },
  ctx: z.RefinementCtx,
): void {
  const type = effectiveType(element)
  // A type saved as 'other' would have no otherType left to read it by.
  if (type === '' || type === OTHER_ELEMENT_TYPE) {
    ctx.addIssue({ code: 'custom', path: ['otherType'], message: 'Name the other element type' })
  } else if ((type === 'select' || type === 'tone') && element.options.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: `A ${type} needs at least one option` })
  } else if (type === 'switch' && element.options.length !== 2) {
    // The generator sends the first option when the switch is on and the second when it is off.
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'A switch needs two options: the value when on, then when off',
    })
  }
}

/** The element as saved: an `other` element takes its otherType as its type (spec section 3). */
export function savedFormElement<T extends { type: string; otherType?: string | undefined }>({
  otherType,
  type,
  ...element
}: T): Omit<T, 'otherType' | 'type'> & { type: string } {
  return { ...element, type: effectiveType({ type, otherType }) }
}

export const formElement = formElementFields.superRefine(checkFormElement).transform(savedFormElement)
export type FormElement = z.output<typeof formElement>
export type FormElementDraft = z.input<typeof formElement>

function effectiveType(element: { type: string; otherType?: string | undefined }): string {
  return element.type === OTHER_ELEMENT_TYPE ? (element.otherType ?? '') : element.type
}

/**
 * Rows of elements (a group is one row of the form; its values are sent as one row of `groups`),
 * within the form's bounds: the stored form's, and the builder's narrower elements.
 */
export function groupsOf<T extends z.ZodType>(element: T) {
  return z
    .array(z.array(element).min(1, 'A group needs at least one element').max(MAX_ELEMENTS_PER_GROUP))
    .max(MAX_GROUPS)
}
export const formGroups = groupsOf(formElement)
export type FormGroups = z.output<typeof formGroups>

export const faqItem = z.object({
  question: z.string().trim().min(1, 'A question is required').max(300).check(singleLine('A question')),
  answer: authorText(3000).min(1, 'An answer is required'),
})
export const faqList = z.array(faqItem).max(MAX_FAQ_ITEMS)
export type FaqItem = z.output<typeof faqItem>

/**
 * A one-line text (name, tagline, label, and a category asked for): trimmed, in Unicode NFC, and
 * without control characters. The catalogue search relies on both: it compares text as stored, so
 * "Café" typed with a combining accent (NFD) finds "Café" only when both sides are NFC, and its
 * search column joins name and tagline with U+001F (see search-pattern.ts). Refusing control
 * characters also keeps NUL, which PostgreSQL rejects in text, from ever reaching a query.
 */
export function oneLineText(field: string, max: number) {
  return z.string().trim().normalize('NFC').min(1, `${field} is required`).max(max).check(singleLine(field))
}

const fixedLabelByLowerCase = new Map<string, string>(LABELS.map((label) => [label.toLowerCase(), label]))

/** A fixed label typed in another case ("seo tools") takes its listed spelling ("SEO Tools"). */
export function canonicalLabel(label: string): string {
  const trimmed = label.trim()
  return fixedLabelByLowerCase.get(trimmed.toLowerCase()) ?? trimmed
}

/**
 * Every tool is in All Tools (the catalogue lists that label), first; My Tools is a per-user view,
 * never stored; duplicates differing only in case collapse into one.
 */
export const toolLabels = z
  .array(oneLineText('Label', MAX_LABEL_LENGTH))
  .max(MAX_LABELS)
  .transform((labels) => {
    const seen = new Set<string>([ALL_TOOLS.toLowerCase(), MY_TOOLS.toLowerCase()])
    const kept: string[] = [ALL_TOOLS]
    for (const label of labels.map(canonicalLabel)) {
      if (seen.has(label.toLowerCase())) continue
      seen.add(label.toLowerCase())
      kept.push(label)
    }
    return kept
  })

const SITE_PATH = /^\/[A-Za-z0-9._~\-/]+$/

/** An app-served path (`/logos/x.svg`) or an absolute http(s) URL. */
export const toolLogo = z
  .string()
  .trim()
  .max(500)
  .check(singleLine('The logo'))
  .refine(
    (logo) => SITE_PATH.test(logo) || isHttpUrl(logo),
    'The logo must be a site path like /logos/x.svg or an http(s) URL',
  )

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The fields of a saved tool before the checks across fields (toolWriteInput below): the tool-builder's
 * input (tool-builder.ts) narrows some of them, and zod refuses to extend a refined object.
 */
export const toolWriteFields = z.object({
  name: oneLineText('Name', 100),
  /** The short name used where space is tight (related tools, bookmarks). */
  accoName: z.string().trim().normalize('NFC').min(1, 'Acco name is required').max(100).check(singleLine('Acco name')),
  description: authorText(2000).normalize('NFC').min(1, 'Description is required'),
  /** The one-line pitch on cards (the legacy `templete`). */
  tagLine: oneLineText('Tagline', 300),
  labels: toolLabels,
  logo: toolLogo,
  /** The label the tool is filed under; one of its labels. */
  groupBy: oneLineText('Group by', MAX_LABEL_LENGTH).transform(canonicalLabel),
  groups: formGroups.default([]),
  faq: faqList.default([]),
  kind: toolKind.default('generic'),
})

/** A generic tool's page is its form: it cannot be saved without one. */
export const FORM_NEEDED_MESSAGE = 'A tool with a generated form needs at least one group'

/** The tool is filed under one of its own labels (shared by the seed's schema and the builder's). */
export function checkGroupByIsALabel(tool: { labels: string[]; groupBy: string }, ctx: z.RefinementCtx): void {
  if (!tool.labels.includes(tool.groupBy)) {
    ctx.addIssue({ code: 'custom', path: ['groupBy'], message: "Group by must be one of the tool's labels" })
  }
}

/**
 * What the seed data is checked against (the tool-builder's own input is in tool-builder.ts, which
 * checks the form against the kind the tool is stored with).
 */
export const toolWriteInput = toolWriteFields.superRefine((tool, ctx) => {
  checkGroupByIsALabel(tool, ctx)
  if (tool.kind === 'generic' && tool.groups.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['groups'], message: FORM_NEEDED_MESSAGE })
  }
})
export type ToolWriteInput = z.output<typeof toolWriteInput>
export type ToolWriteDraft = z.input<typeof toolWriteInput>

/** A tool labelled 'Upcoming Tools' shows 'Coming Soon...' instead of opening (spec section 2). */
export function isUpcoming(labels: readonly string[]): boolean {
  return labels.includes(UPCOMING_TOOLS)
}

/** A tool's stable human key: lower-case words joined by single dashes. */
export const toolSlug = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case letters and digits joined by dashes')

/** The stable URL-safe key for a tool name: "X (Twitter) Bio Generator" -> "x-twitter-bio-generator". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}
