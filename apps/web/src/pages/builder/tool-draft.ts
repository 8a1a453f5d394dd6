import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'
import type { FormElementView } from '@promptly/api/tools/tool.schema'
import { DEFAULT_FIELD_ROLE, roleOf } from '@promptly/core/catalogue/field-roles'
import { OTHER_ELEMENT_TYPE } from '@promptly/core/catalogue/form-element-types'
import { ALL_TOOLS } from '@promptly/core/catalogue/labels'
import { savedFormElement } from '@promptly/core/catalogue/tool'
import { BUILDER_ELEMENT_TYPES, type ToolBuilderDraft } from '@promptly/core/catalogue/tool-builder'
import { TOOL_ICONS } from '@promptly/core/catalogue/tool-icons'

/**
 * The builder's draft: the API's input (core's ToolBuilderDraft) with every field present, and a
 * key on each group and element that stays with it when it is dragged, so React and dnd-kit follow
 * the item rather than its position. toBuilderInput turns it back into exactly what the API takes.
 */

type BuilderElementInput = NonNullable<ToolBuilderDraft['groups']>[number][number]
export type BuilderElementType = BuilderElementInput['type']

export type ElementDraft = Required<BuilderElementInput> & { key: string }
export interface GroupDraft {
  key: string
  elements: ElementDraft[]
}
export type ToolDraft = Omit<Required<ToolBuilderDraft>, 'groups'> & { groups: GroupDraft[] }
export type FaqDraft = ToolDraft['faq'][number]

let lastKey = 0
function newKey(): string {
  lastKey += 1
  return `item-${lastKey}`
}

/** A new element: a required text input about the topic, as the spec's builder starts one. */
export function emptyElement(): ElementDraft {
  return {
    key: newKey(),
    text: '',
    placeholder: '',
    gpt: '',
    type: 'text',
    otherType: '',
    options: [],
    required: true,
    role: DEFAULT_FIELD_ROLE,
  }
}

export function emptyGroup(): GroupDraft {
  return { key: newKey(), elements: [emptyElement()] }
}

export function emptyFaq(): FaqDraft {
  return { question: '', answer: '' }
}

/** A new tool: filed under All Tools (every tool carries it), with one group of one element to fill in. */
export function emptyDraft(): ToolDraft {
  return {
    name: '',
    accoName: '',
    description: '',
    tagLine: '',
    labels: [ALL_TOOLS],
    logo: TOOL_ICONS[0],
    groupBy: ALL_TOOLS,
    groups: [emptyGroup()],
    faq: [],
  }
}

function isBuilderType(type: string): type is BuilderElementType {
  return (BUILDER_ELEMENT_TYPES as readonly string[]).includes(type)
}

/**
 * A saved tool as the builder edits it; a type of the tool's own comes back as `other` naming it,
 * and a field saved before fields had roles shows the role it is read with (roleOf).
 */
export function draftFromTool(tool: BuiltToolView): ToolDraft {
  return {
    name: tool.name,
    accoName: tool.accoName,
    description: tool.description,
    tagLine: tool.tagLine,
    labels: [...tool.labels],
    logo: tool.logo,
    groupBy: tool.groupBy,
    faq: tool.faq.map(({ question, answer }) => ({ question, answer })),
    groups: tool.groups.map((elements) => ({
      key: newKey(),
      elements: elements.map(({ type, ...element }) => ({
        ...element,
        role: roleOf({ ...element, type }),
        key: newKey(),
        type: isBuilderType(type) ? type : OTHER_ELEMENT_TYPE,
        otherType: isBuilderType(type) ? '' : type,
        options: [...element.options],
      })),
    })),
  }
}

function nonBlankOptions(options: readonly string[]): string[] {
  return options.map((option) => option.trim()).filter((option) => option !== '')
}

/** An element as the API takes it: no key, blank options dropped, otherType only for `other`. */
export function elementInput({ key: _key, otherType, options, ...element }: ElementDraft): BuilderElementInput {
  return {
    ...element,
    options: nonBlankOptions(options),
    ...(element.type === OTHER_ELEMENT_TYPE ? { otherType } : {}),
  }
}

/** What admin.tools.create / tools.personal.create take (and the `tool` of an update). */
export function toBuilderInput(draft: ToolDraft): ToolBuilderDraft {
  return {
    name: draft.name,
    accoName: draft.accoName,
    description: draft.description,
    tagLine: draft.tagLine,
    labels: draft.labels,
    logo: draft.logo,
    groupBy: draft.groupBy,
    faq: draft.faq.map(({ question, answer }) => ({ question, answer })),
    groups: draft.groups.map((group) => group.elements.map(elementInput)),
  }
}

/**
 * The draft's form as the generator page will render it once saved: an `other` element under its
 * otherType, blank options gone, groups without elements left out. An element whose label is not
 * written yet shows `untitled` (the preview's words for it).
 */
export function previewGroups(draft: ToolDraft, untitled: string): FormElementView[][] {
  return draft.groups
    .filter((group) => group.elements.length > 0)
    .map((group) =>
      group.elements.map(({ key: _key, role: _role, ...element }) => {
        const saved = savedFormElement({ ...element, options: nonBlankOptions(element.options) })
        return { ...saved, text: saved.text.trim() || untitled, placeholder: saved.placeholder.trim() }
      }),
    )
}

/** The FAQ items that have something to show. */
export function previewFaq(draft: ToolDraft): FaqDraft[] {
  return draft.faq.filter((item) => item.question.trim() !== '' && item.answer.trim() !== '')
}
