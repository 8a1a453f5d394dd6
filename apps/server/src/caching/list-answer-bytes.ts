import { transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import'

import type { BookmarkSet } from '@promptly/api/caching/bookmark-sets'
import { appRouter } from '@promptly/api/root'
import type { CategoryList } from '@promptly/api/tools/by-category.handler'
import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { encodeOnce, type EncodedBodies } from '../plugins/compression.ts'
import { legacy } from '../rest/envelope.ts'
import { toLegacyTool, type LegacyUrls } from '../rest/legacy-tool.ts'

/**
 * How each door writes a list of cards: tRPC as its HTTP handler does for one query and for a batch
 * of one (with the router's own transformer), REST in the legacy envelope with the legacy aliases
 * (and its logos as URLs on the API host).
 */
const SERIALIZERS = {
  trpc: (cards: readonly ToolCard[]) =>
    JSON.stringify(transformTRPCResponse(appRouter._def._config, { result: { data: cards } })),
  trpcBatch: (cards: readonly ToolCard[]) =>
    JSON.stringify(transformTRPCResponse(appRouter._def._config, [{ result: { data: cards } }])),
  rest: (cards: readonly ToolCard[], urls: LegacyUrls, descriptions: ReadonlyMap<string, string>) =>
    JSON.stringify(legacy.inMessage(cards.map((card) => toLegacyTool(card, urls, descriptions.get(card.id))))),
} satisfies Record<
  string,
  (cards: readonly ToolCard[], urls: LegacyUrls, descriptions: ReadonlyMap<string, string>) => string
>

export type ListDoor = keyof typeof SERIALIZERS

const FALSE = Buffer.from('false')
const TRUE = Buffer.from('true')

/**
 * A shared catalogue list's answer through one door, serialized once: the bytes with every card
 * unbookmarked, and where each card's `false` stands. A signed-in caller's answer is those bytes
 * with `true` written where their bookmarks are: a copy of the bytes instead of a walk and a
 * serialization of every card (500 cards: about 240 KiB of JSON) per request.
 */
export class ListAnswerBytes {
  readonly bytes: Buffer
  readonly #falseAt: ReadonlyMap<string, number>
  #encoded: EncodedBodies | undefined
  #encodingStarted = false

  private constructor(bytes: Buffer, falseAt: ReadonlyMap<string, number>) {
    this.bytes = bytes
    this.#falseAt = falseAt
  }

  /**
   * Serializes the list twice, all unbookmarked and all bookmarked, and reads each card's place off
   * where the two differ: whatever the door's envelope, field order or escaping, the only difference
   * is each card's `false` against `true`, in the order of the cards.
   */
  static of({ cards, descriptions }: CategoryList, door: ListDoor, urls: LegacyUrls): ListAnswerBytes {
    if (cards.some((card) => card.isBookmarked)) throw new Error('A shared list has no bookmarks')
    const serialize = SERIALIZERS[door]
    const unmarked = Buffer.from(serialize(cards, urls, descriptions))
    const marked = Buffer.from(
      serialize(
        cards.map((card) => ({ ...card, isBookmarked: true })),
        urls,
        descriptions,
      ),
    )
    const falseAt = new Map<string, number>()
    let at = 0
    let markedAt = 0
    for (const card of cards) {
      while (at < unmarked.length && unmarked[at] === marked[markedAt]) {
        at += 1
        markedAt += 1
      }
      const isFlag = unmarked.subarray(at, at + FALSE.length).equals(FALSE)
      if (!isFlag || !marked.subarray(markedAt, markedAt + TRUE.length).equals(TRUE)) break
      falseAt.set(card.id, at)
      at += FALSE.length
      markedAt += TRUE.length
    }
    const rest = unmarked.subarray(at)
    if (falseAt.size !== cards.length || !rest.equals(marked.subarray(markedAt))) {
      throw new Error(`The ${door} answer does not hold one isBookmarked flag per card`)
    }
    return new ListAnswerBytes(unmarked, falseAt)
  }

  /**
   * The shared bytes compressed once (brotli, gzip), for the answers that are the shared bytes
   * themselves: undefined until ready, meanwhile the compression plugin compresses per request.
   */
  encoded(): EncodedBodies | undefined {
    if (!this.#encodingStarted) {
      this.#encodingStarted = true
      // A failure is not retried: per-request compression goes on answering.
      void encodeOnce(this.bytes).then(
        (encoded) => (this.#encoded = encoded),
        () => undefined,
      )
    }
    return this.#encoded
  }

  /**
   * The answer for a caller with these bookmarks: the shared bytes themselves when none of them is
   * listed here, else a copy with `true` where each stands (list-answers.ts keeps it per set).
   */
  marked(bookmarked: BookmarkSet): Buffer {
    const marks: number[] = []
    for (const toolId of bookmarked) {
      const at = this.#falseAt.get(toolId)
      if (at !== undefined) marks.push(at)
    }
    if (marks.length === 0) return this.bytes
    marks.sort((a, b) => a - b)
    const pieces: Buffer[] = []
    let from = 0
    for (const at of marks) {
      pieces.push(this.bytes.subarray(from, at), TRUE)
      from = at + FALSE.length
    }
    pieces.push(this.bytes.subarray(from))
    return Buffer.concat(pieces, this.bytes.length - marks.length * (FALSE.length - TRUE.length))
  }
}
