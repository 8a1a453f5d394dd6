import { describe, expect, it, vi } from 'vitest'

import type { ToolCard, ToolDetail } from '@promptly/api/tools/tool.schema'

import { legacyToolListAnswer, toLegacySimilarTool, toLegacyTool } from './legacy-tool.ts'

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

describe('legacyToolListAnswer', () => {
  it('is the legacy answer with the tools in message', () => {
    expect(JSON.parse(legacyToolListAnswer([card]).toString('utf8'))).toEqual({
      status: 'success',
      message: [toLegacyTool(card)],
    })
  })

  it('serializes a shared (frozen) list once, and a per-request list every time', () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      const shared = Object.freeze([card])
      const first = legacyToolListAnswer(shared)
      expect(legacyToolListAnswer(shared)).toBe(first)
      expect(stringify).toHaveBeenCalledTimes(1)
      const perRequest = [card]
      legacyToolListAnswer(perRequest)
      legacyToolListAnswer(perRequest)
      expect(stringify).toHaveBeenCalledTimes(3)
    } finally {
      stringify.mockRestore()
    }
  })
})
