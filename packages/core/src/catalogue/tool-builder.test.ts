import { describe, expect, it } from 'vitest'

import { builderToolColumns, builtToolSlug, toolBuilderInput, type ToolBuilderDraft } from './tool-builder.ts'
import { TOOL_ICONS } from './tool-icons.ts'
import { toolSlug } from './tool.ts'

const draft: ToolBuilderDraft = {
  name: 'Podcast Title Generator',
  accoName: 'podcast-titles',
  description: 'Titles for an episode.',
  tagLine: 'Catchy titles in seconds.',
  labels: ['Blog Creator', 'YouTube'],
  logo: '/logos/waveform.svg',
  groupBy: 'Blog Creator',
  groups: [
    [
      { text: 'Topic', placeholder: 'What the episode is about', gpt: 'Write titles about {value}.', type: 'textarea' },
      { text: 'Mood', type: 'tone', options: ['Calm', ' ', 'Bold', ''] },
    ],
    [{ text: 'Colour', type: 'other', otherType: 'color-picker', required: false }],
  ],
  faq: [{ question: 'How many titles?', answer: 'Five.' }],
}

function columns(overrides: Partial<ToolBuilderDraft> = {}) {
  return builderToolColumns(toolBuilderInput.parse({ ...draft, ...overrides }))
}

function issues(overrides: Partial<ToolBuilderDraft>): string[] {
  const result = toolBuilderInput.safeParse({ ...draft, ...overrides })
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the tool-builder input, normalised to columns', () => {
  it('saves "other" under its otherType, strips blank options and makes elements required by default', () => {
    const { groups } = columns()
    expect(groups).toEqual([
      [
        {
          text: 'Topic',
          placeholder: 'What the episode is about',
          gpt: 'Write titles about {value}.',
          type: 'textarea',
          options: [],
          required: true,
        },
        { text: 'Mood', placeholder: '', gpt: '', type: 'tone', options: ['Calm', 'Bold'], required: true },
      ],
      [{ text: 'Colour', placeholder: '', gpt: '', type: 'color-picker', options: [], required: false }],
    ])
  })

  it('puts the tool in All Tools first, in the listed spelling, and files it under a chosen label', () => {
    const tool = columns({ labels: ['youtube', 'blog creator', 'My Tools'], groupBy: 'youtube' })
    expect(tool.labels).toEqual(['All Tools', 'YouTube', 'Blog Creator'])
    expect(tool.groupBy).toBe('YouTube')
  })

  it('keeps upcoming in step with the Upcoming Tools label', () => {
    expect(columns().upcoming).toBe(false)
    expect(columns({ labels: ['Blog Creator', 'upcoming tools'] }).upcoming).toBe(true)
  })

  it('keeps the FAQ pairs and the texts, trimmed', () => {
    const tool = columns({ name: '  Podcast Titles  ', faq: [{ question: ' Why? ', answer: 'Because.' }] })
    expect(tool).toMatchObject({ name: 'Podcast Titles', faq: [{ question: 'Why?', answer: 'Because.' }] })
  })

  it('takes a listed icon or an http(s) image URL as the logo', () => {
    for (const icon of TOOL_ICONS) expect(columns({ logo: icon }).logo).toBe(icon)
    expect(columns({ logo: 'https://cdn.example.com/p.png' }).logo).toBe('https://cdn.example.com/p.png')
    expect(columns({ logo: 'http://cdn.example.com/p.png' }).logo).toBe('http://cdn.example.com/p.png')
  })

  it('refuses any other logo', () => {
    for (const logo of ['/logos/unknown.svg', '/api/v1/keys', 'ftp://example.com/p.png', 'javascript:alert(1)']) {
      expect(issues({ logo })).toEqual([expect.stringMatching(/^logo: /)])
    }
  })

  it('refuses labels that are not on the fixed list', () => {
    expect(issues({ labels: ['Blog Creator', 'Podcasts'] })).toEqual(['labels.1: Choose labels from the list'])
  })

  it('refuses a groupBy that is not one of the chosen labels', () => {
    expect(issues({ groupBy: 'Email Tools' })).toEqual(["groupBy: Group by must be one of the tool's labels"])
  })

  it('offers only the spec element types, and an "other" must name its own', () => {
    const element = (fields: object) => ({ groups: [[{ text: 'Field', ...fields }]] as ToolBuilderDraft['groups'] })
    expect(issues(element({ type: 'color-picker' }))).toEqual(['groups.0.0.type: Choose an element type from the list'])
    expect(issues(element({ type: 'other' }))).toEqual(['groups.0.0.otherType: Name the other element type'])
    expect(issues(element({ type: 'other', otherType: 'other' }))).toEqual([
      'groups.0.0.otherType: Name the other element type',
    ])
    expect(issues(element({ type: 'select', options: ['', ' '] }))).toEqual([
      'groups.0.0.options: A select needs at least one option',
    ])
  })

  it('does not let the builder choose the kind of screen', () => {
    expect(toolBuilderInput.parse({ ...draft, kind: 'image' })).not.toHaveProperty('kind')
  })
})

describe('builtToolSlug', () => {
  const id = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9'

  it('is the name slug plus the start of the id, never a bare seed slug', () => {
    expect(builtToolSlug('X (Twitter) Bio Generator', id)).toBe('x-twitter-bio-generator-0f1e2d3c')
  })

  it('stays a valid slug for long names and names with no latin letters', () => {
    const long = builtToolSlug('Word '.repeat(40), id)
    expect(long.length).toBeLessThanOrEqual(80)
    expect(toolSlug.safeParse(long).success).toBe(true)
    expect(builtToolSlug('日本語ツール', id)).toBe('tool-0f1e2d3c')
  })
})
