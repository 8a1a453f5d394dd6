import { LRUCache } from 'lru-cache'

import type { BookmarkSet } from '@promptly/api/caching/bookmark-sets'
import type { CategoryList } from '@promptly/api/tools/by-category.handler'
import type { ToolCard } from '@promptly/api/tools/tool.schema'

import type { LegacyUrls } from '../rest/legacy-tool.ts'
import { ListAnswerBytes, type ListDoor } from './list-answer-bytes.ts'

/**
 * Callers' answers, kept for their next request, bounded in bytes across every list and door; the
 * least recently asked go first. Without it every signed-in request allocated and copied the whole
 * list (500 cards: about 240 KiB), which showed as copying and garbage collection in profiles.
 */
export const CALLER_ANSWERS_MAX_BYTES = 16 * 1024 * 1024

/**
 * The list fast path's answers of one app: each shared list's bytes per door, serialized once, and
 * each caller's answer made from them once per bookmark set.
 *
 * Both are found by identity, in O(1): a shared list is the catalogue cache's frozen array, never
 * changed (a change loads a new one), and a kept bookmark set is never changed either (a change
 * loads a new one, @promptly/api/caching/bookmark-sets), so a (list, set) pair always gives the same
 * bytes. What a list or a set was dropped from its cache is never asked for again: its entries here
 * go with it (the weak maps) or age out (the callers' answers).
 */
export class ListAnswers {
  /** Per shared list, by door, and for REST by the API host its logos name. */
  readonly #byList = new WeakMap<readonly ToolCard[], Map<string, ListAnswerBytes>>()
  readonly #answerIds = new WeakMap<ListAnswerBytes, number>()
  readonly #setIds = new WeakMap<BookmarkSet, number>()
  readonly #callerAnswers = new LRUCache<string, Buffer>({
    maxSize: CALLER_ANSWERS_MAX_BYTES,
    sizeCalculation: (bytes) => bytes.byteLength,
  })
  /** The last id given to an answer or a set: what keys a caller's answer. */
  #lastId = 0

  /** The answer bytes of a shared (frozen) list through `door`, built once per list. */
  of(list: CategoryList, door: ListDoor, urls: LegacyUrls): ListAnswerBytes {
    if (!Object.isFrozen(list.cards)) throw new Error('Only a shared (cached, frozen) list is serialized once')
    let answers = this.#byList.get(list.cards)
    if (!answers) {
      answers = new Map()
      this.#byList.set(list.cards, answers)
    }
    const key = door === 'rest' ? `rest ${urls.appUrl}` : door
    let answer = answers.get(key)
    if (!answer) {
      answer = ListAnswerBytes.of(list, door, urls)
      answers.set(key, answer)
    }
    return answer
  }

  /**
   * The answer for a caller with these bookmarks (the shared bytes themselves when none is listed
   * there), made once per set while kept. Never write into it: it is sent again as it is.
   */
  forCaller(answer: ListAnswerBytes, bookmarked: BookmarkSet): Buffer {
    if (bookmarked.size === 0) return answer.bytes
    const key = `${this.#idOf(this.#answerIds, answer)}:${this.#idOf(this.#setIds, bookmarked)}`
    let bytes = this.#callerAnswers.get(key)
    if (bytes === undefined) {
      bytes = answer.marked(bookmarked)
      if (bytes !== answer.bytes) this.#callerAnswers.set(key, bytes)
    }
    return bytes
  }

  #idOf<T extends object>(ids: WeakMap<T, number>, value: T): number {
    let id = ids.get(value)
    if (id === undefined) {
      id = ++this.#lastId
      ids.set(value, id)
    }
    return id
  }
}
