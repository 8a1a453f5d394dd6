import { z } from 'zod'

import { FORM_ELEMENT_TYPES, OTHER_ELEMENT_TYPE } from './form-element-types.ts'
import { LABELS } from './labels.ts'
import { isToolIcon } from './tool-icons.ts'
import {
  canonicalLabel,
  checkFormElement,
  checkGroupByIsALabel,
  formElementFields,
  groupsOf,
  isUpcoming,
  oneLineText,
  savedFormElement,
  slugFromName,
  toolLabels,
  toolLogo,
  toolWriteFields,
} from './tool.ts'

/**
 * What the tool-builder saves, for a catalogue tool (admins) and a personal one (any signed-in user)
 * alike: the seed's tool fields (tool.ts), narrowed to the builder's fixed choices. The element
 * rules come with those fields: `other` saves under its otherType, blank options are dropped,
 * `required` defaults to true. The kind is not the builder's to choose: a new tool has a generated
 * form, and an edit keeps the kind the tool was stored with.
 */

const MAX_BUILDER_LABELS = 15

function isFixedLabel(label: string): boolean {
  return (LABELS as readonly string[]).includes(canonicalLabel(label))
}

/** Labels from the fixed list only (any case); then the catalogue's label rules (All Tools first, no My Tools). */
export const builderLabels = z
  .array(oneLineText('Label', 60).refine(isFixedLabel, 'Choose labels from the list'))
  .max(MAX_BUILDER_LABELS)
  .pipe(toolLabels)

/** One of the listed icons, or an image on the web (http or https). */
export const builderLogo = toolLogo.refine(
  (logo) => isToolIcon(logo) || !logo.startsWith('/'),
  'Pick one of the listed icons or give an http(s) image URL',
)

/** The element types the builder offers (spec: Form element); `other` saves under its otherType. */
export const BUILDER_ELEMENT_TYPES = [...FORM_ELEMENT_TYPES, OTHER_ELEMENT_TYPE] as const

/**
 * An element as the builder writes it: one of the listed types, or `other` naming its own. A tool
 * saved with a type of its own is edited again as `other` with that otherType.
 */
export const builderElement = formElementFields
  .extend({ type: z.enum(BUILDER_ELEMENT_TYPES, 'Choose an element type from the list') })
  .superRefine(checkFormElement)
  .transform(savedFormElement)

export const toolBuilderInput = toolWriteFields
  .omit({ kind: true })
  .extend({ labels: builderLabels, logo: builderLogo, groups: groupsOf(builderElement).default([]) })
  .superRefine(checkGroupByIsALabel)
export type ToolBuilderInput = z.output<typeof toolBuilderInput>
export type ToolBuilderDraft = z.input<typeof toolBuilderInput>

/**
 * The columns the builder writes: its input as stored, and `upcoming` kept in step with the
 * 'Upcoming Tools' label, as the seed writes it, so lists filter on a column.
 */
export type BuilderToolColumns = ToolBuilderInput & { upcoming: boolean }

export function builderToolColumns(tool: ToolBuilderInput): BuilderToolColumns {
  return { ...tool, upcoming: isUpcoming(tool.labels) }
}

const SLUG_MAX = 80
const ID_SUFFIX_LENGTH = 8

/**
 * A built tool's slug: its name's slug plus the start of its id. The seed matches tools by slug and
 * rewrites the one it finds, so a built tool must never take a seed tool's slug: a seed slug has no
 * such suffix, and two built tools of one name still differ.
 */
export function builtToolSlug(name: string, id: string): string {
  const suffix = id
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, ID_SUFFIX_LENGTH)
    .toLowerCase()
  const base = slugFromName(name)
    .slice(0, SLUG_MAX - ID_SUFFIX_LENGTH - 1)
    .replace(/-+$/, '')
  return `${base || 'tool'}-${suffix}`
}
