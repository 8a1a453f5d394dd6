import { describe, expect, it } from 'vitest'

import { renderedElementType } from './form-element-types.ts'
import {
  canonicalLabel,
  formElement,
  isUpcoming,
  slugFromName,
  toolSlug,
  toolWriteInput,
  type ToolWriteDraft,
} from './tool.ts'

const bioTool: ToolWriteDraft = {
  name: 'X (Twitter) Bio Generator',
  accoName: 'X Bio',
  description: 'Writes a short profile bio for X.',
  tagLine: 'A sharp bio in seconds.',
  labels: ["Social Media Bio's"],
  logo: '/logos/x.svg',
  groupBy: "Social Media Bio's",
  groups: [[{ text: 'About you', placeholder: 'What you do', gpt: 'Write an X bio for {value}.', type: 'textarea' }]],
  faq: [{ question: 'How long is an X bio?', answer: 'Up to 160 characters.' }],
}

describe('formElement', () => {
  it('defaults required to true, placeholder and gpt to empty, options to none', () => {
    expect(formElement.parse({ text: 'Topic', type: 'input' })).toEqual({
      text: 'Topic',
      placeholder: '',
      gpt: '',
      type: 'input',
      options: [],
      required: true,
    })
  })

  it('strips blank options and trims the rest', () => {
    const element = formElement.parse({ text: 'Tone', type: 'tone', options: [' Friendly ', '', '   ', 'Bold'] })
    expect(element.options).toEqual(['Friendly', 'Bold'])
  })

  it('saves an "other" element under the type its otherType names', () => {
    const element = formElement.parse({ text: 'Colour', type: 'other', otherType: 'color-picker' })
    expect(element.type).toBe('color-picker')
    expect(element).not.toHaveProperty('otherType')
  })

  it('refuses an "other" element without a type name', () => {
    const result = formElement.safeParse({ text: 'Colour', type: 'other' })
    expect(result.error?.issues[0]?.path).toEqual(['otherType'])
  })

  it('refuses a select or tone without options, counting only non-blank ones', () => {
    expect(formElement.safeParse({ text: 'Platform', type: 'select', options: ['  '] }).success).toBe(false)
    expect(formElement.safeParse({ text: 'Tone', type: 'tone' }).success).toBe(false)
  })

  it('wants a switch to have exactly its on and off values', () => {
    expect(formElement.safeParse({ text: 'Emojis', type: 'switch', options: ['Use emojis'] }).success).toBe(false)
    expect(
      formElement.safeParse({ text: 'Emojis', type: 'switch', options: ['Use emojis', 'No emojis'] }).success,
    ).toBe(true)
  })

  it('refuses an element without a label', () => {
    expect(formElement.safeParse({ text: '  ', type: 'input' }).success).toBe(false)
  })
})

describe('renderedElementType', () => {
  it('keeps known types and shows anything else as a text input', () => {
    expect(renderedElementType('switch')).toBe('switch')
    expect(renderedElementType('color-picker')).toBe('input')
  })
})

describe('toolWriteInput', () => {
  it('accepts a complete tool and fills the defaults', () => {
    const tool = toolWriteInput.parse(bioTool)
    expect(tool.kind).toBe('generic')
    expect(tool.labels).toEqual(['All Tools', "Social Media Bio's"])
    expect(tool.groups[0]?.[0]?.required).toBe(true)
  })

  it('puts every tool in All Tools, never stores My Tools, and drops duplicate labels', () => {
    const labels = ['seo tools', 'My Tools', 'SEO Tools', 'All Tools', 'Custom']
    const tool = toolWriteInput.parse({ ...bioTool, labels, groupBy: 'SEO Tools' })
    expect(tool.labels).toEqual(['All Tools', 'SEO Tools', 'Custom'])
  })

  it('files the tool under one of its own labels', () => {
    const result = toolWriteInput.safeParse({ ...bioTool, groupBy: 'Email Tools' })
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['groupBy']])
    expect(toolWriteInput.parse({ ...bioTool, groupBy: "social media bio's" }).groupBy).toBe("Social Media Bio's")
  })

  it('needs a form for a generic tool but not for the dedicated screens', () => {
    expect(toolWriteInput.safeParse({ ...bioTool, groups: [] }).success).toBe(false)
    expect(toolWriteInput.safeParse({ ...bioTool, groups: [], kind: 'paraphrase' }).success).toBe(true)
  })

  it('refuses an empty group, an unknown kind and an overlong name', () => {
    expect(toolWriteInput.safeParse({ ...bioTool, groups: [[]] }).success).toBe(false)
    expect(toolWriteInput.safeParse({ ...bioTool, kind: 'video' }).success).toBe(false)
    expect(toolWriteInput.safeParse({ ...bioTool, name: 'x'.repeat(101) }).success).toBe(false)
  })

  it('keeps names and taglines on one line: control characters are refused with a message', () => {
    const multiLine = toolWriteInput.safeParse({ ...bioTool, name: 'Bio\nGenerator', tagLine: 'A sharp\u001fbio' })
    expect(multiLine.success).toBe(false)
    expect(multiLine.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name must be a single line of text'],
      ['tagLine', 'Tagline must be a single line of text'],
    ])
    expect(toolWriteInput.parse({ ...bioTool, name: '  Bio Generator\n' }).name).toBe('Bio Generator')
  })

  it('stores its texts in Unicode NFC, however the accents were typed', () => {
    const decomposed = 'Cafe\u0301 Menu'
    const tool = toolWriteInput.parse({
      ...bioTool,
      name: decomposed,
      accoName: decomposed,
      description: `${decomposed} descriptions.`,
      tagLine: `Dishes for a cafe\u0301.`,
      labels: ['Cre\u0300me Tools'],
      groupBy: 'Cre\u0300me Tools',
    })
    expect(tool).toMatchObject({
      name: 'Caf\u00e9 Menu',
      accoName: 'Caf\u00e9 Menu',
      description: 'Caf\u00e9 Menu descriptions.',
      tagLine: 'Dishes for a caf\u00e9.',
      labels: ['All Tools', 'Cr\u00e8me Tools'],
      groupBy: 'Cr\u00e8me Tools',
    })
  })

  it('keeps labels and the group on one line: control characters are refused with a message', () => {
    const result = toolWriteInput.safeParse({
      ...bioTool,
      labels: ["Social Media Bio's", 'SEO\u0000Tools'],
      groupBy: 'Bio\ts',
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      expect.arrayContaining([
        ['labels.1', 'Label must be a single line of text'],
        ['groupBy', 'Group by must be a single line of text'],
      ]),
    )
  })

  it('takes a logo as a site path or an http(s) URL, nothing else', () => {
    expect(toolWriteInput.safeParse({ ...bioTool, logo: 'https://cdn.example.com/x.png' }).success).toBe(true)
    expect(toolWriteInput.safeParse({ ...bioTool, logo: 'javascript:alert(1)' }).success).toBe(false)
    expect(toolWriteInput.safeParse({ ...bioTool, logo: '/logos/../<script>' }).success).toBe(false)
  })
})

describe('isUpcoming', () => {
  it('is true only for tools labelled Upcoming Tools', () => {
    expect(isUpcoming(['All Tools', 'Upcoming Tools'])).toBe(true)
    expect(isUpcoming(['All Tools', 'upcoming'])).toBe(false)
  })
})

describe('canonicalLabel', () => {
  it('uses the fixed list spelling and keeps other labels as typed', () => {
    expect(canonicalLabel(' youtube ')).toBe('YouTube')
    expect(canonicalLabel('Podcasts')).toBe('Podcasts')
  })
})

describe('slugFromName', () => {
  it('makes the seed slugs from tool names', () => {
    expect(slugFromName('X (Twitter) Bio Generator')).toBe('x-twitter-bio-generator')
    expect(slugFromName("Café Menu Descriptions — Pro's")).toBe('cafe-menu-descriptions-pro-s')
    expect(toolSlug.safeParse(slugFromName('  Instagram Bio Generator!  ')).success).toBe(true)
  })
})
