import { describe, expect, it } from 'vitest'

import type { ToolCard, ToolDetail } from '@promptly/api/tools/tool.schema'

import { absoluteLogo, toLegacySimilarTool, toLegacyTool } from './legacy-tool.ts'

const card: ToolCard = {
  id: '218151ba-48d6-8f2d-9029-77dd78f93fcb',
  name: 'X (Twitter) Bio Generator',
  accoName: 'X Bio',
  tagLine: 'A bio that fits.',
  logo: '/logos/x.svg',
  labels: ['All Tools', "Social Media Bio's"],
  groupBy: "Social Media Bio's",
  kind: 'generic',
  upcoming: false,
  isBookmarked: true,
}
const URLS = { appUrl: 'https://api.promptly.example' }
const LOGO_URL = 'https://api.promptly.example/logos/x.svg'

describe('toLegacyTool', () => {
  it('adds the legacy names next to the current ones, with the same values', () => {
    expect(toLegacyTool(card, URLS)).toEqual({
      ...card,
      _id: card.id,
      description: '',
      logo: LOGO_URL,
      templete: card.tagLine,
      accoLogo: LOGO_URL,
    })
  })

  it('keeps the detail fields of a full tool', () => {
    const detail: ToolDetail = {
      ...card,
      description: 'Writes bios.',
      groups: [],
      faq: [{ question: 'Q?', answer: 'A.' }],
    }
    expect(toLegacyTool(detail, URLS)).toMatchObject({
      _id: card.id,
      description: 'Writes bios.',
      faq: detail.faq,
      groups: [],
    })
  })

  it('gives a card the description read beside it, and a whole tool its own', () => {
    expect(toLegacyTool(card, URLS, 'Writes bios.')).toMatchObject({ _id: card.id, description: 'Writes bios.' })
    const detail: ToolDetail = { ...card, description: 'Its own.', groups: [], faq: [] }
    expect(toLegacyTool(detail, URLS, 'Not this one.').description).toBe('Its own.')
  })

  it('gives a similar tool its _id', () => {
    const similar = { id: card.id, name: card.name, accoName: card.accoName, logo: card.logo }
    expect(toLegacySimilarTool(similar, URLS)).toEqual({ ...similar, logo: LOGO_URL, _id: card.id })
  })
})

describe('absoluteLogo', () => {
  it('makes a site path a URL on the API host, for answers read on another origin', () => {
    expect(absoluteLogo('/logos/x.svg', URLS)).toBe(LOGO_URL)
    expect(absoluteLogo('//elsewhere.example/x.svg', URLS)).toBe(
      'https://api.promptly.example//elsewhere.example/x.svg',
    )
  })

  it('keeps a stored absolute http(s) logo as it is', () => {
    for (const logo of ['https://cdn.example.org/a.png', 'http://localhost:4000/logos/x.svg']) {
      expect(absoluteLogo(logo, URLS)).toBe(logo)
    }
  })
})
