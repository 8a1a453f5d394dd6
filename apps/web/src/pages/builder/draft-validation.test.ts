import { describe, expect, it } from 'vitest'

import { FORM_NEEDED_MESSAGE, type ToolKind } from '@promptly/core/catalogue/tool'

import { testI18n } from '../../i18n/testing.ts'
import { formPath, validateDraft as validateWith } from './draft-validation.ts'
import { completeDraft } from './testing/builder-fixtures.ts'
import type { ToolDraft } from './tool-draft.ts'

const validDraft = completeDraft
const english = testI18n.getFixedT('en', 'admin')
const validateDraft = (draft: ToolDraft, kind?: ToolKind) => validateWith(draft, english, kind)

describe('validateDraft', () => {
  it('finds nothing to say about a complete draft', () => {
    expect(validateDraft(validDraft())).toEqual({})
  })

  it('puts the schema’s message on each missing text field', () => {
    const errors = validateDraft({ ...validDraft(), name: ' ', accoName: '', description: '', tagLine: '' })
    expect(errors).toMatchObject({
      name: 'Name is required',
      accoName: 'Acco name is required',
      description: 'Description is required',
      tagLine: 'Tagline is required',
    })
  })

  it('puts an element’s messages on its own fields, under the group’s elements', () => {
    const errors = validateDraft(
      validDraft([
        { text: 'Topic' },
        { text: '', type: 'select', options: ['', ' '] },
        { text: 'Mood', type: 'other', otherType: ' ' },
        { text: 'Public', type: 'switch', options: ['yes'] },
      ]),
    )
    expect(errors).toEqual({
      'groups.0.elements.1.text': 'Every element needs a label',
      'groups.0.elements.1.options': 'A select needs at least one option',
      'groups.0.elements.2.otherType': 'Name the other element type',
      'groups.0.elements.3.options': 'A switch needs two options: the value when on, then when off',
    })
  })

  it('says a group needs an element, and a generic tool a group', () => {
    expect(validateDraft(validDraft([]))).toEqual({ 'groups.0.elements': 'A group needs at least one element' })
    expect(validateDraft({ ...validDraft(), groups: [] })).toEqual({ groups: FORM_NEEDED_MESSAGE })
    expect(validateDraft({ ...validDraft(), groups: [] }, 'paraphrase')).toEqual({})
  })

  it('refuses labels from outside the list on the label picker, and a logo that is no icon or URL', () => {
    const errors = validateDraft({
      ...validDraft(),
      labels: ['All Tools', 'Instagram', 'Cooking'],
      logo: '/admin/x.svg',
    })
    expect(errors).toEqual({
      labels: 'Choose labels from the list',
      logo: 'Pick one of the listed icons or give an http(s) image URL',
    })
  })

  it('asks for a FAQ item’s question and answer', () => {
    const errors = validateDraft({ ...validDraft(), faq: [{ question: '', answer: '' }] })
    expect(errors).toEqual({ 'faq.0.question': 'A question is required', 'faq.0.answer': 'An answer is required' })
  })

  it('files the tool under one of its labels', () => {
    expect(validateDraft({ ...validDraft(), groupBy: 'Facebook' })).toEqual({
      groupBy: "Group by must be one of the tool's labels",
    })
  })
})

describe('validateDraft in another language', () => {
  it('gives each message by its text key, so the reader sees it in their language', () => {
    const keys = ((key: string) => key) as unknown as typeof english
    const errors = validateWith({ ...validDraft(), name: '', faq: [{ question: 'Why?', answer: '' }] }, keys)
    expect(errors).toEqual({
      name: 'builder.validation.nameRequired',
      'faq.0.answer': 'builder.validation.answerRequired',
    })
    expect(validateWith({ ...validDraft(), groups: [] }, keys)).toEqual({ groups: 'builder.validation.formNeeded' })
    const elements = validDraft([
      { text: '', type: 'select', options: [] },
      { text: 'Public', type: 'switch', options: ['yes'] },
      { text: 'Mood', type: 'other', otherType: '' },
    ])
    expect(validateWith({ ...elements, labels: ['All Tools', 'Cooking'], logo: '/x.svg' }, keys)).toEqual({
      'groups.0.elements.0.text': 'builder.validation.elementLabelRequired',
      'groups.0.elements.0.options': 'builder.validation.selectNeedsOption',
      'groups.0.elements.1.options': 'builder.validation.switchNeedsTwo',
      'groups.0.elements.2.otherType': 'builder.validation.otherTypeRequired',
      labels: 'builder.validation.labelsFromList',
      logo: 'builder.validation.logoIconOrUrl',
      groupBy: 'builder.validation.groupByNotALabel',
    })
  })

  it('words a length limit with its bound', () => {
    const errors = validateDraft({ ...validDraft(), name: 'x'.repeat(101) })
    expect(errors).toEqual({ name: 'Too big: expected string to have <=100 characters' })
  })
})

describe('formPath', () => {
  it('maps API paths onto the draft', () => {
    expect(formPath(['groups', 1, 2, 'options', 0])).toBe('groups.1.elements.2.options.0')
    expect(formPath(['groups'])).toBe('groups')
    expect(formPath(['labels', 3])).toBe('labels')
    expect(formPath(['faq', 0, 'answer'])).toBe('faq.0.answer')
  })
})
