import { readFileSync } from 'node:fs'

import { directionOf, type Language } from '@promptly/core/web/languages'
import type { LoadedPage, RenderedErrorPage } from '@promptly/core/web/page-renderer'

import type { PageAssets } from './page-assets.ts'
import type { DocumentAroundBody } from './page-stream.ts'

const ROOT_OPEN = '<div id="root">'
const ROOT_CLOSE = '</div>'
const ROOT_ELEMENT = `${ROOT_OPEN}${ROOT_CLOSE}`

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
 * at once. Inline with the page's nonce; the scripts it adds are of this origin ('self'). A file of its
 * own (after-first-paint.js, copied beside the bundle by scripts/build.ts), read once at start-up.
 *
 * A few tags per task (PRELOADS_PER_TASK), each batch put in at once, in <body>: each preload
 * cost the main thread about a millisecond on a fast machine, four on a phone, and the sixty of a
 * tool's page, added one by one to <head>, blocked input for a quarter of a second there (a link
 * in <body>, where modulepreload is allowed too, costs a third of one in <head>). The tasks between
 * batches let a tap through.
 */
export const AFTER_FIRST_PAINT = afterFirstPaintScript(
  readFileSync(new URL('./after-first-paint.js', import.meta.url), 'utf8'),
)

/** The script as sent: the file from its opening parenthesis, without the header or final newline. */
export function afterFirstPaintScript(file: string): string {
  const start = file.indexOf('(function (scripts)')
  if (start === -1) throw new Error('after-first-paint.js does not hold the script loader')
  return file.slice(start).trimEnd()
}

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
