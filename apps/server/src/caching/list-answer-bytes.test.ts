import { beforeEach, describe, expect, it, vi } from 'vitest'

import { withBookmarks } from '@promptly/api/tools/bookmark-overlay'
import type { CategoryList } from '@promptly/api/tools/by-category.handler'
import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { legacy } from '../rest/envelope.ts'
import { toLegacyTool } from '../rest/legacy-tool.ts'
import { ListAnswerBytes, type ListDoor } from './list-answer-bytes.ts'
import { ListAnswers } from './list-answers.ts'

function card(index: number, overrides: Partial<ToolCard> = {}): ToolCard {
  return Object.freeze({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Tool ${index}`,
    accoName: `T${index}`,
    // Text a byte search could trip on: quotes, the flag's own words, and characters JSON escapes.
    tagLine: `"isBookmarked":false, "true" \\ \u2028 é ${index}`,
    logo: `/logos/${index}.svg`,
    labels: ['All Tools', 'false'],
    groupBy: 'group',
    kind: 'text',
    upcoming: index % 2 === 0,
    isBookmarked: false,
    ...overrides,
  }) as ToolCard
}

const shared = Object.freeze([card(1), card(2), card(3), card(4)])
const URLS = { appUrl: 'https://api.promptly.example' }
const descriptionOf = (tool: ToolCard) => `What "${tool.name}" does`

/** Cards as the catalogue cache keeps them, with their descriptions beside them. */
function listOf(cards: readonly ToolCard[]): CategoryList {
  return { cards, descriptions: new Map(cards.map((tool) => [tool.id, descriptionOf(tool)])) }
}

/** Each door's answer as its handler writes it, for the cards as they are (with their isBookmarked). */
const expected: Record<ListDoor, (cards: ToolCard[]) => unknown> = {
  trpc: (cards) => ({ result: { data: { json: cards } } }),
  trpcBatch: (cards) => [{ result: { data: { json: cards } } }],
  rest: (cards) => legacy.inMessage(cards.map((one) => toLegacyTool(one, URLS, descriptionOf(one)))),
}

describe('ListAnswerBytes', () => {
  /** The app's memo of answers, fresh per test. */
  let answers = new ListAnswers()
  beforeEach(() => {
    answers = new ListAnswers()
  })

  it.each(Object.keys(expected) as ListDoor[])('writes the %s answer, with the caller’s bookmarks only', (door) => {
    const answer = ListAnswerBytes.of(listOf(shared), door, URLS)
    expect(answer.bytes.toString('utf8')).toBe(JSON.stringify(expected[door]([...shared])))
    for (const bookmarked of [
      new Set<string>(),
      new Set([shared[1]!.id]),
      new Set([shared[3]!.id, shared[0]!.id, 'a tool in no list here']),
      new Set(shared.map((tool) => tool.id)),
    ]) {
      // Byte for byte what serializing the overlaid cards gives.
      const bytes = answers.forCaller(answer, bookmarked)
      expect(bytes.toString('utf8')).toBe(JSON.stringify(expected[door](withBookmarks(shared, bookmarked))))
    }
  })

  it('answers the shared bytes themselves, uncopied, to a caller with no bookmark in the list', () => {
    const answer = ListAnswerBytes.of(listOf(shared), 'rest', URLS)
    expect(answers.forCaller(answer, new Set(['elsewhere']))).toBe(answer.bytes)
  })

  it('makes a caller’s answer once per bookmark set, and anew for a changed set, another list or door', () => {
    const answer = ListAnswerBytes.of(listOf(shared), 'trpc', URLS)
    const before = new Set([shared[1]!.id])
    const first = answers.forCaller(answer, before)
    // Sent again as it is, not copied again.
    expect(answers.forCaller(answer, before)).toBe(first)
    // A change loads a new set: its bytes, never the kept ones.
    const after = new Set([shared[1]!.id, shared[2]!.id])
    expect(answers.forCaller(answer, after).toString('utf8')).toBe(
      JSON.stringify(expected.trpc(withBookmarks(shared, after))),
    )
    expect(answers.forCaller(answer, before)).toBe(first)
    // The same set over another list, or through another door, gives that list's or door's answer.
    const other = Object.freeze([card(1), card(2), card(9)])
    expect(answers.forCaller(ListAnswerBytes.of(listOf(other), 'trpc', URLS), before).toString('utf8')).toBe(
      JSON.stringify(expected.trpc(withBookmarks(other, before))),
    )
    expect(answers.forCaller(ListAnswerBytes.of(listOf(shared), 'rest', URLS), before).toString('utf8')).toBe(
      JSON.stringify(expected.rest(withBookmarks(shared, before))),
    )
  })

  it('is built once per shared list and door, and never for a per-request list', () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      const list = listOf(Object.freeze([card(5), card(6)]))
      const first = answers.of(list, 'trpc', URLS)
      expect(answers.of(list, 'trpc', URLS)).toBe(first)
      // Twice per build: the list unmarked, then marked.
      expect(stringify).toHaveBeenCalledTimes(2)
      expect(answers.of(list, 'rest', URLS)).not.toBe(first)
      expect(() => answers.of(listOf([card(7)]), 'rest', URLS)).toThrow(/shared/)
    } finally {
      stringify.mockRestore()
    }
  })

  it('refuses a list that already carries bookmarks: a shared list never does', () => {
    expect(() => ListAnswerBytes.of(listOf(Object.freeze([card(8, { isBookmarked: true })])), 'trpc', URLS)).toThrow()
  })
})
