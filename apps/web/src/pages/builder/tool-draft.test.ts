import { describe, expect, it } from 'vitest'

import { roleOf } from '@promptly/core/catalogue/field-roles'
import { toolBuilderInput } from '@promptly/core/catalogue/tool-builder'

import { completeDraft, savedTool } from './testing/builder-fixtures.ts'
import {
  draftFromTool,
  emptyDraft,
  emptyElement,
  previewFaq,
  previewGroups,
  toBuilderInput,
  type ElementDraft,
  type ToolDraft,
} from './tool-draft.ts'

const UNTITLED = 'Untitled field'

function element(fields: Partial<ElementDraft>): ElementDraft {
  return { ...emptyElement(), ...fields }
}

/** A complete draft whose groups hold these elements. */
function draftWith(elements: ElementDraft[][]): ToolDraft {
  return { ...completeDraft(), groups: elements.map((group, index) => ({ key: `g${index}`, elements: group })) }
}

const SAVED = savedTool({
  groups: [
    [
      { text: 'Topic', placeholder: 'Your topic', gpt: 'About {value}.', type: 'text', options: [], required: true },
      { text: 'Mood', placeholder: '', gpt: '', type: 'emoji-picker', options: ['happy'], required: false },
    ],
  ],
})

describe('toBuilderInput', () => {
  it('sends otherType only for an `other` element, and drops blank options', () => {
    const input = toBuilderInput(
      draftWith([
        [
          element({ text: 'Tone', type: 'select', options: [' Fun ', '', '  ', 'Calm'], otherType: 'left over' }),
          element({ text: 'Mood', type: 'other', otherType: 'emoji-picker', options: ['happy', ''] }),
        ],
      ]),
    )
    expect(input.groups).toEqual([
      [
        {
          text: 'Tone',
          placeholder: '',
          gpt: '',
          type: 'select',
          options: ['Fun', 'Calm'],
          required: true,
          role: 'topic',
        },
        {
          text: 'Mood',
          placeholder: '',
          gpt: '',
          type: 'other',
          otherType: 'emoji-picker',
          options: ['happy'],
          required: true,
          role: 'topic',
        },
      ],
    ])
  })

  it('is what the API schema accepts, which saves `other` under its otherType', () => {
    const saved = toolBuilderInput.parse(
      toBuilderInput(draftWith([[element({ text: 'Mood', type: 'other', otherType: 'emoji-picker' })]])),
    )
    expect(saved.groups[0]?.[0]?.type).toBe('emoji-picker')
    expect(saved.groups[0]?.[0]).not.toHaveProperty('otherType')
    expect(saved.labels).toEqual(['All Tools', 'Instagram'])
  })

  it('sends the role picked for each field, topic unless another is picked', () => {
    const input = toBuilderInput(
      draftWith([[element({ text: 'Topic' }), element({ text: 'CTA', role: 'call_to_action' })]]),
    )
    expect(input.groups?.[0]?.map((field) => field.role)).toEqual(['topic', 'call_to_action'])
    expect(toolBuilderInput.parse(input).groups[0]?.[1]?.role).toBe('call_to_action')
  })

  it('leaves the keys of groups and elements behind', () => {
    const input = toBuilderInput(draftWith([[element({ text: 'Topic' })]]))
    expect(JSON.stringify(input)).not.toContain('"key"')
  })
})

describe('draftFromTool', () => {
  it('edits a type of the tool’s own as `other` naming it, and a listed type as itself', () => {
    const draft = draftFromTool(SAVED)
    const [topic, mood] = draft.groups[0]!.elements
    expect(topic).toMatchObject({ type: 'text', otherType: '', text: 'Topic', required: true })
    expect(mood).toMatchObject({ type: 'other', otherType: 'emoji-picker', required: false })
    expect(draft.faq).toEqual(SAVED.faq)
  })

  it('round-trips: a loaded tool saves back as it was, each field with the role it is read with', () => {
    const { groups } = toolBuilderInput.parse(toBuilderInput(draftFromTool(SAVED)))
    expect(groups).toEqual(SAVED.groups.map((group) => group.map((field) => ({ ...field, role: roleOf(field) }))))
  })

  it('shows a field saved without a role in the role it is read with', () => {
    const tone = { text: 'Mood', placeholder: '', gpt: '', type: 'tone', options: ['Fun'], required: true }
    const [topic, mood] = draftFromTool(savedTool({ groups: [[SAVED.groups[0]![0]!, tone]] })).groups[0]!.elements
    expect([topic?.role, mood?.role]).toEqual(['topic', 'tone'])
  })

  it('gives every group and element a key of its own', () => {
    const draft = draftFromTool(SAVED)
    const keys = [draft.groups[0]!.key, ...draft.groups[0]!.elements.map((item) => item.key)]
    expect(new Set(keys).size).toBe(3)
  })
})

describe('previewGroups', () => {
  it('renders an `other` element under its otherType, without blank options', () => {
    const [[mood]] = previewGroups(
      draftWith([[element({ text: 'Mood', type: 'other', otherType: 'emoji-picker', options: ['', 'happy'] })]]),
      UNTITLED,
    ) as [[unknown]]
    expect(mood).toEqual({
      text: 'Mood',
      placeholder: '',
      gpt: '',
      type: 'emoji-picker',
      options: ['happy'],
      required: true,
    })
  })

  it('names an element without a label, and leaves out groups without elements', () => {
    const groups = previewGroups(draftWith([[], [element({ text: '  ' })]]), UNTITLED)
    expect(groups).toHaveLength(1)
    expect(groups[0]?.[0]?.text).toBe(UNTITLED)
  })
})

describe('previewFaq', () => {
  it('shows only questions that have an answer', () => {
    const draft = {
      ...emptyDraft(),
      faq: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q2', answer: ' ' },
        { question: '', answer: 'A3' },
      ],
    }
    expect(previewFaq(draft)).toEqual([{ question: 'Q1', answer: 'A1' }])
  })
})
