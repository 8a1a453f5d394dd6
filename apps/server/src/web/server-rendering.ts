import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createTRPCClient, unstable_localLink, type TRPCClient } from '@trpc/client'
import type { FastifyReply, FastifyRequest } from 'fastify'
import superjson from 'superjson'

import { catalogueCacheFor } from '@promptly/api/catalogue-cache/catalogue-cache'
import type { Context } from '@promptly/api/context'
import { appRouter, type AppRouter } from '@promptly/api/root'
import { acceptedLanguages, chooseLanguage, directionOf, type Language } from '@promptly/core/web/languages'
import type {
  ErrorPageProblem,
  LoadedPage,
  PageRenderer,
  RenderedErrorPage,
  RenderedPage,
  ScreenGuess,
} from '@promptly/core/web/page-renderer'
import { screenGuessOf } from '@promptly/core/web/screen-guess'
import type { Db } from '@promptly/db/client'

import { encodeOnce, preferredEncoding } from '../plugins/compression.ts'
import { ResponseStore, type StoredResponse } from '../plugins/public-response-cache.ts'
import { allowInlineScriptsByNonce } from '../plugins/security-headers.ts'
import { builtTextReader, pageAssetsReader, type PageAssets } from './page-assets.ts'
import { streamPage, type DocumentAroundBody } from './page-stream.ts'
import { policyWithScriptHashes, withoutNonce } from './stored-page-scripts.ts'

type PageRendererModule = PageRenderer<TRPCClient<AppRouter>>

/** The public pages rendered on the server; every other page is the client-rendered index.html. */
export const SERVER_RENDERED_PATHS = new Set([
  ...['/', '/generate', '/plan', '/login'],
  ...['/about', '/blog', '/contact', '/privacy', '/terms', '/transaction'],
])

/** How long a rendered page is reused (a catalogue change drops them all at once). */
const PAGE_TTL_MS = 60_000
const ROOT_OPEN = '<div id="root">'
const ROOT_CLOSE = '</div>'
const ROOT_ELEMENT = `${ROOT_OPEN}${ROOT_CLOSE}`

export interface ServerRenderingDeps {
  distDir: string
  serverDir: string
  appUrl: string
  db: Db
  /** A signed-out caller's context for this request: the page is the same for every visitor. */
  publicContext: (req: FastifyRequest) => Context
}

export type PageResponder = (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>

/** Answers with the app's error screen alone, in the visitor's language, with the status given. */
export type ErrorPageResponder = (
  req: FastifyRequest,
  reply: FastifyReply,
  failure: { problem: ErrorPageProblem; status: number },
) => Promise<FastifyReply>

export interface ServerRendering {
  respondWithPage: PageResponder
  /** Null for a server build without the error screen (renderErrorPage). */
  respondWithErrorPage: ErrorPageResponder | null
}

/**
 * Loads the web app's server build and answers the public pages with their content, in the
 * visitor's language (remembered choice, else Accept-Language). A page is streamed: once its routes
 * have loaded (status, redirect and head known), the document up to #root goes out, then the body
 * as React renders it (page-stream.ts). Rendered pages are kept per language and URL for a minute
 * (dropped when the catalogue changes), compressed once, and sent as they are: their inline scripts
 * are allowed by hash rather than by the nonce of the response that rendered them. Answers false when
 * the page is not one it renders.
 */
export async function loadServerRendering(
  deps: ServerRenderingDeps,
  onClose: (hook: () => void) => void,
): Promise<ServerRendering | null> {
  const entry = path.join(deps.serverDir, 'render-page.js')
  const indexFile = path.join(deps.distDir, 'index.html')
  const manifestFile = path.join(deps.distDir, '.vite', 'manifest.json')
  if (![entry, indexFile, manifestFile].every((file) => existsSync(file))) return null
  const renderer = (await import(pathToFileURL(entry).href)) as Partial<PageRendererModule>
  if (typeof renderer.renderPage !== 'function') throw new Error(`${entry} does not export renderPage`)
  const renderPage = renderer.renderPage
  const renderErrorPage = renderer.renderErrorPage
  const template = scriptsApart(readFileSync(indexFile, 'utf8'))
  const assetsOf = pageAssetsReader(deps.distDir)
  const builtText = builtTextReader(deps.distDir)
  const store = new ResponseStore<StoredPage>({ ttlMs: PAGE_TTL_MS })
  onClose(catalogueCacheFor(deps.db).onInvalidate(() => store.clear()))

  const render = (
    req: FastifyRequest,
    url: string,
    language: Language,
    screen: ScreenGuess,
    nonce: string,
  ): Promise<RenderedPage> => {
    const apiClient = createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: async () => deps.publicContext(req),
          transformer: superjson,
        }),
      ],
    })
    return renderPage({ url, origin: deps.appUrl, nonce, language, apiClient, screen })
  }
  const documentOf = (page: LoadedPage, language: Language, nonce: string): DocumentAroundBody =>
    pageDocument(
      template,
      page,
      language,
      assetsOf(page.routeIds, page.status === 404, { language, namespaces: page.textNamespaces }),
      { nonce, builtText },
    )

  // The error screens are the same for everyone in a language: each is made once.
  const errorPages = new Map<string, Promise<string>>()
  const respondWithErrorPage: ErrorPageResponder | null = !renderErrorPage
    ? null
    : async (req, reply, { problem, status }) => {
        const language = chooseLanguage(req.headers.cookie, acceptedLanguages(req.headers['accept-language']))
        const key = `${language} ${problem}`
        let html = errorPages.get(key)
        if (!html) {
          html = renderErrorPage({ problem, language }).then((page) => errorDocument(template, page, language))
          // A failed render is not kept: the next request tries again.
          html.catch(() => errorPages.delete(key))
          errorPages.set(key, html)
        }
        return reply
          .status(status)
          .header('content-type', HTML)
          .header('cache-control', 'no-store')
          .header('vary', 'accept-language, cookie')
          .send(await html)
      }

  const respondWithPage: PageResponder = async (req, reply) => {
    const url = new URL(req.url, 'http://page')
    if (!SERVER_RENDERED_PATHS.has(url.pathname)) return false
    const path = `${url.pathname}${url.search}`
    const language = chooseLanguage(req.headers.cookie, acceptedLanguages(req.headers['accept-language']))
    // Phones get the catalogue in its phone layout (see RenderPageInput.screen): one page per guess.
    const screen = screenGuessOf(req.headers)
    const key = `${language} ${screen} ${path}`
    // The policy allows this response's nonce; a kept page's hashes take its place (sendStoredPage).
    const nonce = allowInlineScriptsByNonce(reply.raw)
    // Taken before the routes load: an invalidation from here on voids this render's page.
    const generation = store.generation
    // Concurrent requests for one URL share one render: the first streams it and settles the
    // others with the bytes it sent, once all are sent and compressed. Only a complete 200 is kept
    // (not a redirect, a 404, or a page whose render failed half-way).
    let stored = store.get(key)
    let settle: ((stored: StoredPage | undefined) => void) | undefined
    if (!stored) {
      // A clear() while it is pending rejects it: that page is not kept, whoever waits renders anew.
      const shared = store.fetch(key, () => new Promise((resolve) => (settle = resolve))).catch(() => undefined)
      if (!settle) {
        req.log.debug({ key }, 'waiting for the page another request is rendering')
        stored = await shared
      }
    }
    if (stored) {
      await sendStoredPage(req, reply, stored, nonce)
      return true
    }
    // The first request, or one whose first kept nothing (that page may differ now): it renders.
    try {
      const page = await render(req, path, language, screen, nonce)
      if (page.kind === 'redirect') {
        await reply.redirect(page.location, page.status)
        return true
      }
      let document: DocumentAroundBody
      try {
        document = documentOf(page, language, nonce)
      } catch (error) {
        page.discard()
        throw error
      }
      setPageHeaders(reply, page.status)
      const html = await streamPage(req, reply, page, document)
      if (html !== undefined && page.status === 200 && settle) {
        const kept = await storedPageOf(html, nonce)
        // Checked after compressing: a change that came in meanwhile voids this page.
        if (generation === store.generation) settle(kept)
      }
      return true
    } finally {
      settle?.(undefined)
    }
  }
  return { respondWithPage, respondWithErrorPage }
}

/** A kept page: the same bytes for every visitor, its inline scripts allowed by their hashes. */
interface StoredPage extends StoredResponse {
  scriptHashes: string[]
}

/** The page as it is kept: without this response's nonce, and compressed once for all who get it. */
async function storedPageOf(html: string, nonce: string): Promise<StoredPage> {
  const { html: shared, scriptHashes } = withoutNonce(html, nonce)
  const body = Buffer.from(shared)
  return { body, contentType: HTML, encoded: await encodeOnce(body), scriptHashes }
}

/**
 * A kept page, in the encoding the request prefers, with a CSP that allows the page's own inline
 * scripts by their hashes in place of this response's nonce (see stored-page-scripts.ts).
 */
function sendStoredPage(req: FastifyRequest, reply: FastifyReply, page: StoredPage, nonce: string) {
  setPageHeaders(reply, 200)
  // The policy is on the response itself, with this response's nonce (allowInlineScriptsByNonce).
  const policy = String(reply.raw.getHeader('content-security-policy') ?? '')
  reply.raw.setHeader('content-security-policy', policyWithScriptHashes(policy, nonce, page.scriptHashes))
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  const encoded = encoding ? page.encoded?.[encoding] : undefined
  // @fastify/compress leaves an answer that names its encoding alone.
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded)
  return reply.send(page.body)
}

function setPageHeaders(reply: FastifyReply, status: number): void {
  reply
    .status(status)
    .header('content-type', HTML)
    // The nonce changes per response: browsers revalidate, no shared cache keeps it.
    .header('cache-control', 'no-cache')
    // The language comes from these, the layout from the next two, the encoding from the last: a
    // cache must not hand one visitor's page to another.
    .header('vary', 'accept-language, cookie, sec-ch-ua-mobile, user-agent, accept-encoding')
}

const HTML = 'text/html; charset=utf-8'

/**
 * index.html around the page: its language and direction on <html>, the routes' head tags in place
 * of the default title and description, their CSS in the page, then #root for the markup, then the
 * router's state and what loads the scripts. Split at the body, which is sent as it is rendered.
 */
export function pageDocument(
  { withoutScripts, entries, entryPreloads }: PageTemplate,
  page: Pick<LoadedPage, 'head'>,
  language: Language,
  assets: PageAssets,
  { nonce, builtText }: { nonce: string; builtText: (file: string) => string },
): DocumentAroundBody {
  const stylesheets = assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('')
  const scripts = { preloads: [...entryPreloads, ...assets.modules.map((file) => `/${file}`)], entries }
  const loader = `<script nonce="${nonce}">${AFTER_FIRST_PAINT}(${JSON.stringify(scripts)})</script>`
  const withoutDefaults = withoutScripts
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" dir="${directionOf(language)}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
  // Replaced by functions: a `$` in the head or a stylesheet is not a replacement pattern.
  const html = withoutDefaults
    .replace(COLOR_SCHEME_SCRIPT, (_script, file: string) => `<script nonce="${nonce}">${builtText(file)}</script>`)
    .replace('</head>', () => `${page.head}${stylesheets}</head>`)
    .replace(STYLESHEET, (_link, file: string) => inlineStylesheet(file, builtText(file)))
  const root = html.indexOf(ROOT_ELEMENT)
  if (root === -1) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
  const rest = html.slice(root + ROOT_ELEMENT.length)
  return {
    prefix: `${html.slice(0, root)}${ROOT_OPEN}`,
    suffix: (routerScripts) => `${ROOT_CLOSE}${routerScripts}${loader}${rest}`,
  }
}

/** How many preload tags the page's script loader adds per task (see AFTER_FIRST_PAINT). */
export const PRELOADS_PER_TASK = 8

/**
 * Asks for the app's scripts (preloads first, then the entry) once the page has painted. The page
 * is readable without them; as tags, the preload scanner fetched all of them beside the CSS, and
 * a throttled phone counted them before the first paint (Lighthouse: 3.6 s to paint `/`). Module
 * scripts run after the document is parsed in any case; a hidden tab, which paints nothing, asks
 * at once. Inline with the page's nonce; the scripts it adds are of this origin ('self').
 *
 * A few tags per task (PRELOADS_PER_TASK), each batch put in at once, in <body>: each preload
 * cost the main thread about a millisecond on a fast machine, four on a phone, and the sixty of a
 * tool's page, added one by one to <head>, blocked input for a quarter of a second there (a link
 * in <body>, where modulepreload is allowed too, costs a third of one in <head>). The tasks between
 * batches let a tap through.
 */
export const AFTER_FIRST_PAINT = `(function (scripts) {
  function element(tag, properties) {
    return Object.assign(document.createElement(tag), properties)
  }
  function load(from) {
    var to = Math.min(from + ${PRELOADS_PER_TASK}, scripts.preloads.length)
    var batch = document.createDocumentFragment()
    for (var i = from; i < to; i++) {
      batch.appendChild(element('link', { rel: 'modulepreload', crossOrigin: '', href: scripts.preloads[i] }))
    }
    document.body.appendChild(batch)
    if (to < scripts.preloads.length) return setTimeout(function () { load(to) }, 0)
    scripts.entries.forEach(function (src) {
      document.body.appendChild(element('script', { type: 'module', crossOrigin: '', src: src }))
    })
  }
  if (document.visibilityState === 'hidden') load(0)
  else requestAnimationFrame(function () { setTimeout(function () { load(0) }, 0) })
})`

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g
/**
 * The script that applies a saved colour scheme before the first paint: a file for the pages the
 * browser renders (index.html has no nonce), in the page for those the server renders, where it
 * would otherwise hold the first paint back by a round trip.
 */
const COLOR_SCHEME_SCRIPT = /<script src="\/(color-scheme\.js)"><\/script>/

/**
 * A stylesheet's rules in the page, in its place: a dozen small files (one per Mantine component)
 * each cost a phone a round trip before the first paint. The disabled link that follows is never
 * fetched; it tells the code that loads a chunk's CSS (Vite's preload helper looks for a
 * stylesheet link with that address) that the rules are already there.
 */
function inlineStylesheet(file: string, css: string): string {
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`
}

const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g
const SOURCE = /\b(?:src|href)="([^"]+)"/

/** The built index.html without the entry's module script and preloads, and their addresses. */
export interface PageTemplate {
  withoutScripts: string
  entries: string[]
  entryPreloads: string[]
}

/** Split once, when the build is loaded: the same for every page. */
export function scriptsApart(template: string): PageTemplate {
  const addresses = (tags: string[]) => tags.map((tag) => SOURCE.exec(tag)?.[1] ?? '').filter(Boolean)
  return {
    withoutScripts: template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    entries: addresses(template.match(ENTRY_SCRIPT) ?? []),
    entryPreloads: addresses(template.match(MODULE_PRELOAD) ?? []),
  }
}

/**
 * index.html with the error screen in it and none of the app's scripts: the app would read the
 * address again and fail differently. Its stylesheets stay (the screen is styled by the entry's
 * CSS), and so does the colour-scheme script (a file of this origin, so a dark scheme stays dark).
 */
export function errorDocument({ withoutScripts }: PageTemplate, page: RenderedErrorPage, language: Language): string {
  return withoutScripts
    .replace(/<html lang="[^"]*"/, `<html lang="${language}" dir="${directionOf(language)}"`)
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace('</head>', `${page.head}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${page.body}</div>`)
}
