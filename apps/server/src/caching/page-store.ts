import type { CatalogueCache } from '@promptly/api/caching/catalogue-cache'

import { encodeOnce } from '../plugins/compression.ts'
import { withoutNonce } from '../web/stored-page-scripts.ts'
import { ResponseStore, type StoredResponse } from './response-store.ts'

/** How long a rendered page is reused (a catalogue change drops them all at once). */
export const PAGE_TTL_MS = 60_000

/** A kept page: the same bytes for every visitor, its inline scripts allowed by their hashes. */
export interface StoredPage extends StoredResponse {
  scriptHashes: string[]
}

export const HTML = 'text/html; charset=utf-8'

/**
 * The server-rendered public pages, kept per language, screen guess and URL for PAGE_TTL_MS and
 * dropped whenever the catalogue is invalidated (they list its tools), compressed once and sent as
 * they are (web/server-rendering.ts). Concurrent requests for one page share one render: the first
 * renders and streams it, and settles the others with the bytes it sent, once all are sent and
 * compressed. Only a complete 200 is kept (not a redirect, a 404, or a page whose render failed
 * half-way).
 */
export class PageStore {
  readonly #store = new ResponseStore<StoredPage>({ ttlMs: PAGE_TTL_MS })

  /** Cleared with `catalogue` for as long as the returned function is not called. */
  listenTo(catalogue: Pick<CatalogueCache, 'onInvalidate'>): () => void {
    return catalogue.onInvalidate(() => this.#store.clear())
  }

  /** The kept page for `key`, if any; never waits. */
  get(key: string): StoredPage | undefined {
    return this.#store.get(key)
  }

  /**
   * The page a concurrent request is rendering for `key`, once it has been sent and kept; else the
   * render this request is to make, which it must end with `keep` or `drop`. `onWait` is told when
   * this request waits on another's render.
   */
  async claim(key: string, onWait: () => void): Promise<StoredPage | PageRender> {
    // Taken before the routes load: an invalidation from here on voids this render's page.
    const generation = this.#store.generation
    let settle: ((stored: StoredPage | undefined) => void) | undefined
    // A clear() while it is pending rejects it: that page is not kept, whoever waits renders anew.
    const shared = this.#store.fetch(key, () => new Promise((resolve) => (settle = resolve))).catch(() => undefined)
    if (settle) return new PageRender(this.#store, generation, settle)
    onWait()
    // The one it waited on kept nothing (that page may differ now): this request renders, keeping nothing.
    return (await shared) ?? new PageRender(this.#store, generation, undefined)
  }
}

/** A render this request makes: kept for the requests waiting on it when complete, else dropped. */
export class PageRender {
  readonly #store: ResponseStore<StoredPage>
  readonly #generation: number
  readonly #settle: ((stored: StoredPage | undefined) => void) | undefined

  constructor(
    store: ResponseStore<StoredPage>,
    generation: number,
    settle: ((stored: StoredPage | undefined) => void) | undefined,
  ) {
    this.#store = store
    this.#generation = generation
    this.#settle = settle
  }

  /** Keeps the page as sent: without this response's nonce, and compressed once for all who get it. */
  async keep(html: string, nonce: string): Promise<void> {
    if (!this.#settle) return
    const { html: shared, scriptHashes } = withoutNonce(html, nonce)
    const body = Buffer.from(shared)
    const kept: StoredPage = { body, contentType: HTML, encoded: await encodeOnce(body), scriptHashes }
    // Checked after compressing: a change that came in meanwhile voids this page.
    if (this.#generation === this.#store.generation) this.#settle(kept)
  }

  /** Settles those waiting with nothing (they render themselves); a no-op once kept. */
  drop(): void {
    this.#settle?.(undefined)
  }
}
