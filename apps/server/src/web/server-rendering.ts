import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createTRPCClient, unstable_localLink, type TRPCClient } from '@trpc/client'
import type { FastifyReply, FastifyRequest } from 'fastify'
import superjson from 'superjson'

import type { Context } from '@promptly/api/context'
import { appRouter, type AppRouter } from '@promptly/api/root'
import { acceptedLanguages, chooseLanguage, type Language } from '@promptly/core/web/languages'
import type {
  ErrorPageProblem,
  LoadedPage,
  PageRenderer,
  RenderedPage,
  ScreenGuess,
} from '@promptly/core/web/page-renderer'
import { screenGuessOf } from '@promptly/core/web/screen-guess'

import { HTML, PageRender, type PageStore, type StoredPage } from '../caching/page-store.ts'
import { preferredEncoding } from '../plugins/compression.ts'
import { allowInlineScriptsByNonce } from '../plugins/security-headers.ts'
import { builtTextReader, pageAssetsReader } from './page-assets.ts'
import { errorDocument, pageDocument, scriptsApart, type PageTemplate } from './page-document.ts'
import { streamPage, type DocumentAroundBody } from './page-stream.ts'
import { policyWithScriptHashes } from './stored-page-scripts.ts'

type PageRendererModule = PageRenderer<TRPCClient<AppRouter>>

/** The public pages rendered on the server; every other page is the client-rendered index.html. */
export const SERVER_RENDERED_PATHS = new Set([
  ...['/', '/generate', '/plan', '/login'],
  ...['/about', '/blog', '/contact', '/privacy', '/terms', '/transaction'],
])

export interface ServerRenderingDeps {
  distDir: string
  serverDir: string
  appUrl: string
  /** Where rendered pages are kept (caching/page-store.ts): the app builds it with its other byte caches. */
  pages: PageStore
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

/** The web app's server build, loaded once: its renderers, and what every page is made from. */
interface LoadedBuild {
  renderPage: PageRendererModule['renderPage']
  renderErrorPage: PageRendererModule['renderErrorPage'] | undefined
  template: PageTemplate
  documentOf: (page: LoadedPage, language: Language, nonce: string) => DocumentAroundBody
}

/**
 * Loads the web app's server build and answers the public pages with their content, in the
 * visitor's language (remembered choice, else Accept-Language). A page is streamed: once its routes
 * have loaded (status, redirect and head known), the document up to #root goes out, then the body
 * as React renders it (page-stream.ts). Rendered pages are kept per language and URL (the page
 * store), compressed once, and sent as they are: their inline scripts are allowed by hash rather than
 * by the nonce of the response that rendered them. Answers false when the page is not one it renders.
 */
export async function loadServerRendering(deps: ServerRenderingDeps): Promise<ServerRendering | null> {
  const build = await loadBuild(deps)
  if (!build) return null
  return {
    respondWithPage: pageResponder(deps, build),
    respondWithErrorPage: build.renderErrorPage ? errorPageResponder(build.renderErrorPage, build.template) : null,
  }
}

async function loadBuild({ distDir, serverDir }: ServerRenderingDeps): Promise<LoadedBuild | null> {
  const entry = path.join(serverDir, 'render-page.js')
  const indexFile = path.join(distDir, 'index.html')
  const manifestFile = path.join(distDir, '.vite', 'manifest.json')
  if (![entry, indexFile, manifestFile].every((file) => existsSync(file))) return null
  const renderer = (await import(pathToFileURL(entry).href)) as Partial<PageRendererModule>
  if (typeof renderer.renderPage !== 'function') throw new Error(`${entry} does not export renderPage`)
  const template = scriptsApart(readFileSync(indexFile, 'utf8'))
  const assetsOf = pageAssetsReader(distDir)
  const builtText = builtTextReader(distDir)
  const documentOf = (page: LoadedPage, language: Language, nonce: string): DocumentAroundBody =>
    pageDocument(
      template,
      page,
      language,
      assetsOf(page.routeIds, page.status === 404, { language, namespaces: page.textNamespaces }),
      { nonce, builtText },
    )
  return { renderPage: renderer.renderPage, renderErrorPage: renderer.renderErrorPage, template, documentOf }
}

/** The error screens are the same for everyone in a language: each is made once. */
function errorPageResponder(
  renderErrorPage: NonNullable<PageRendererModule['renderErrorPage']>,
  template: PageTemplate,
): ErrorPageResponder {
  const errorPages = new Map<string, Promise<string>>()
  return async (req, reply, { problem, status }) => {
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
}

function pageResponder(deps: ServerRenderingDeps, build: LoadedBuild): PageResponder {
  const render = (req: FastifyRequest, url: string, language: Language, screen: ScreenGuess, nonce: string) => {
    const apiClient = createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: async () => deps.publicContext(req),
          transformer: superjson,
        }),
      ],
    })
    return build.renderPage({ url, origin: deps.appUrl, nonce, language, apiClient, screen })
  }
  return async (req, reply) => {
    const url = new URL(req.url, 'http://page')
    if (!SERVER_RENDERED_PATHS.has(url.pathname)) return false
    const path = `${url.pathname}${url.search}`
    const language = chooseLanguage(req.headers.cookie, acceptedLanguages(req.headers['accept-language']))
    // Phones get the catalogue in its phone layout (see RenderPageInput.screen): one page per guess.
    const screen = screenGuessOf(req.headers)
    const key = `${language} ${screen} ${path}`
    // The policy allows this response's nonce; a kept page's hashes take its place (sendStoredPage).
    const nonce = allowInlineScriptsByNonce(reply.raw)
    const found =
      deps.pages.get(key) ??
      (await deps.pages.claim(key, () => req.log.debug({ key }, 'waiting for the page another request is rendering')))
    if (!(found instanceof PageRender)) {
      await sendStoredPage(req, reply, found, nonce)
      return true
    }
    // The first request, or one whose first kept nothing (that page may differ now): it renders.
    try {
      return await sendRenderedPage(req, reply, {
        page: await render(req, path, language, screen, nonce),
        documentOf: (page) => build.documentOf(page, language, nonce),
        keep: (html) => found.keep(html, nonce),
      })
    } finally {
      found.drop()
    }
  }
}

/** Streams a page this request rendered, and keeps it when it is a complete 200. */
async function sendRenderedPage(
  req: FastifyRequest,
  reply: FastifyReply,
  {
    page,
    documentOf,
    keep,
  }: {
    page: RenderedPage
    documentOf: (page: LoadedPage) => DocumentAroundBody
    keep: (html: string) => Promise<void>
  },
): Promise<true> {
  if (page.kind === 'redirect') {
    await reply.redirect(page.location, page.status)
    return true
  }
  let document: DocumentAroundBody
  try {
    document = documentOf(page)
  } catch (error) {
    page.discard()
    throw error
  }
  setPageHeaders(reply, page.status)
  const html = await streamPage(req, reply, page, document)
  if (html !== undefined && page.status === 200) await keep(html)
  return true
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
