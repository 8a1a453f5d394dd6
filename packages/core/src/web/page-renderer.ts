/**
 * The contract between the web app's server build (apps/web/src/ssr/render-page.tsx) and the
 * server that loads it at run time (apps/server/src/web/server-rendering.ts). The build is plain
 * JavaScript read from disk, so neither side can import the other's types: both import these.
 * The API client is a type parameter because each side names the same tRPC client its own way.
 */
import type { Language } from './languages.ts'

export interface RenderPageInput<ApiClient> {
  /** Path and query of the page, as requested. */
  url: string
  /** The public origin (APP_URL): absolute links in the head (canonical, Open Graph) start with it. */
  origin: string
  /** This response's CSP nonce, carried by the inline scripts (the router's dehydrated state, React's). */
  nonce: string
  /** The language to render in (the visitor's remembered choice, else their browser's). */
  language: Language
  /** Calls the API in-process, as a signed-out visitor: the page is the same for everyone. */
  apiClient: ApiClient
  /**
   * The screen the request most likely comes from (its user agent says phone or not), for the parts
   * laid out differently under 768 px (the catalogue): rendered as the browser will show them, the
   * page needs no second render once it runs. The browser corrects a wrong guess. Default: wide.
   */
  screen?: ScreenGuess
}

export type ScreenGuess = 'phone' | 'wide'

export type RenderedPage = { kind: 'redirect'; status: number; location: string } | LoadedPage

/**
 * A page whose routes have loaded: its status, head and assets are known, its body not rendered
 * yet. The server sends everything up to #root first, then has the body rendered into the answer.
 * Exactly one of `renderBody` and `discard` is called; either releases what the page holds.
 */
export interface LoadedPage {
  kind: 'page'
  status: number
  /** Title, description, canonical and social tags of the matched routes. */
  head: string
  /** The matched routes, root first: the server links their chunks' CSS and preloads their JS. */
  routeIds: string[]
  /** The namespaces of texts the page shows besides the everyday ones (their chunks are preloaded). */
  textNamespaces: string[]
  /**
   * Renders the app's markup (for inside #root) and hands it to `write` as React produces it. Resolves,
   * once the markup is all written, with the inline scripts (with the nonce) that hand the router and
   * query state to the browser. Rejects when the render fails or `signal` aborts it; `write` is not
   * called after that.
   */
  renderBody(destination: BodyDestination): Promise<string>
  /** Releases a page whose body will not be rendered (the answer failed before it). */
  discard(): void
}

export interface BodyDestination {
  write(chunk: Uint8Array): void
  /** Aborted when nobody wants the page any more (the visitor left). */
  signal?: AbortSignal
}

/** A failure the server answers before any route runs, with the app's error screen alone. */
export type ErrorPageProblem = 'badAddress'

export interface RenderErrorPageInput {
  problem: ErrorPageProblem
  language: Language
}

/** The error screen's markup and title: static, with no script (no route could load there). */
export interface RenderedErrorPage {
  head: string
  body: string
}

/** What the server build exports. */
export interface PageRenderer<ApiClient> {
  renderPage(input: RenderPageInput<ApiClient>): Promise<RenderedPage>
  renderErrorPage(input: RenderErrorPageInput): Promise<RenderedErrorPage>
}
