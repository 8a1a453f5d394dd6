import { describe, expect, it } from 'vitest'

import type { ToolCard, ToolDetail } from '@promptly/api/tools/tool.schema'

import { toLegacySimilarTool, toLegacyTool } from './legacy-tool.ts'

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

describe('toLegacyTool', () => {
  it('adds the legacy names next to the current ones, with the same values', () => {
    expect(toLegacyTool(card)).toEqual({
      ...card,
      _id: card.id,
      templete: card.tagLine,
      accoLogo: card.logo,
    })
  })

  it('keeps the detail fields of a full tool', () => {
    const detail: ToolDetail = {
      ...card,
      description: 'Writes bios.',
      groups: [],
      faq: [{ question: 'Q?', answer: 'A.' }],
    }
    expect(toLegacyTool(detail)).toMatchObject({
      _id: card.id,
      description: 'Writes bios.',
      faq: detail.faq,
      groups: [],
    })
  })

  it('gives a similar tool its _id', () => {
    const similar = { id: card.id, name: card.name, accoName: card.accoName, logo: card.logo }
    expect(toLegacySimilarTool(similar)).toEqual({ ...similar, _id: card.id })
  })
})
