import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test'

import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@promptly/core/web/languages'

import { waitForIdentity } from './catalogue.ts'

const LOCALES_DIR = path.join(import.meta.dirname, '../../apps/web/src/i18n/locales')

/**
 * One of the web app's texts in a language: `file` below the language's folder (`account/plan.json`)
 * and the dotted key within it (`checkout.pay`), as the app's own t() reads them.
 */
export function webText(language: Language, file: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, file), 'utf8'))
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part]
  if (typeof value !== 'string') throw new Error(`No text ${key} in ${language}/${file}`)
  return value
}

/** The picker's accessible name in a language, as the web app's texts give it. */
export function pickerLabel(language: Language): string {
  return webText(language, 'layout.json', 'language.label')
}

/** The language picker of the header (`banner`) or of the footer (`contentinfo`), named in the page's language. */
export function languagePicker(page: Page, language: Language, where: 'banner' | 'contentinfo' = 'banner'): Locator {
  return page.getByRole(where).getByRole('combobox', { name: pickerLabel(language), exact: true })
}

/** Remembers a language the way the picker does (its cookie), so the server renders pages in it. */
export async function rememberLanguage(context: BrowserContext, baseURL: string, language: Language): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }])
}

/**
 * Waits until the page has hydrated (the picker is enabled only then) in `language`, and the app
 * knows who the visitor is (the header shows Login or the account controls, not a placeholder).
 */
export async function waitForHydratedIn(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  await expect(page.locator('html')).toHaveAttribute('dir', LANGUAGES[language].dir)
  await expect(languagePicker(page, language)).toBeEnabled({ timeout: 20_000 })
  await waitForIdentity(page)
}

/**
 * The home page with its catalogue drawn, whatever the language: the search landmark and the
 * cards (named after the tools, which are not translated).
 */
export async function waitForHomeReady(page: Page, language: Language): Promise<void> {
  await waitForHydratedIn(page, language)
  await expect(page.getByRole('search').first()).toBeVisible()
  await expect(page.getByTestId('tool-card').first()).toBeVisible()
}

/** A tool's page with its form drawn: the heading and the form's fields are the tool's own (catalogue) texts. */
export async function waitForToolReady(page: Page, language: Language, toolName: string, field: RegExp): Promise<void> {
  await waitForHydratedIn(page, language)
  await expect(page.getByRole('heading', { level: 1, name: toolName })).toBeVisible()
  await expect(page.getByRole('textbox', { name: field })).toBeVisible()
}

/** A tRPC query over GET, as the browser sends it; returns its data. */
async function trpcQuery(request: APIRequestContext, procedure: string, input?: unknown): Promise<unknown> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const response = await request.get(`/trpc/${procedure}${query}`)
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true)
  const body = (await response.json()) as { result: { data: { json: unknown } } }
  return body.result.data.json
}

function stringsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(normalise(value))
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into)
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, into)
  return into
}

/**
 * Every text of the catalogue as the API serves it (categories, cards, and one tool with its form,
 * FAQ and similar tools): admin-written data the interface shows as it is, in any language.
 */
export async function catalogueTexts(request: APIRequestContext, toolId: string): Promise<Set<string>> {
  const texts = new Set<string>()
  const categories = await trpcQuery(request, 'tools.categories')
  stringsIn(categories, texts)
  stringsIn(await trpcQuery(request, 'tools.byCategory', { category: 'All Tools' }), texts)
  stringsIn(await trpcQuery(request, 'tools.get', { id: toolId }), texts)
  return texts
}

export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** One string the visitor meets, and how: text on the page, a field's placeholder, or a control's label. */
export interface ShownString {
  text: string
  kind: 'text' | 'placeholder' | 'label'
}

/**
 * Every string shown on the page now: each rendered text node (including visually hidden text a
 * screen reader reads), the shown option of each select, the placeholder of each visible field,
 * and the aria-label of each visible element (icon buttons, landmarks).
 */
export async function shownStrings(page: Page): Promise<ShownString[]> {
  const found = await page.evaluate(() => {
    const strings: { text: string; kind: 'text' | 'placeholder' | 'label' }[] = []
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true })
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, template, select') || !visible(parent)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      if (range.getClientRects().length === 0) continue
      strings.push({ text: node.textContent ?? '', kind: 'text' })
    }
    for (const select of Array.from(document.querySelectorAll('select'))) {
      if (visible(select)) strings.push({ text: select.selectedOptions[0]?.textContent ?? '', kind: 'text' })
    }
    for (const field of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
      if (visible(field)) strings.push({ text: field.getAttribute('placeholder') ?? '', kind: 'placeholder' })
    }
    for (const labelled of Array.from(document.querySelectorAll('body [aria-label]'))) {
      if (visible(labelled)) strings.push({ text: labelled.getAttribute('aria-label') ?? '', kind: 'label' })
    }
    return strings
  })
  return found.map(({ text, kind }) => ({ text: normalise(text), kind })).filter(({ text }) => text !== '')
}

const BRAND = 'Promptly'
const LANGUAGE_NAMES: ReadonlySet<string> = new Set(Object.values(LANGUAGES).map(({ name }) => name))

/**
 * Interface words a language writes exactly as English does, so their translation reads the same:
 * each listed on its own, not a rule, so any other English string still counts as untranslated.
 */
const SAME_AS_ENGLISH: Partial<Record<Language, ReadonlySet<string>>> = {
  es: new Set(['Blog', 'Legal']),
}

/** A tool's initial, shown in place of its logo until the image has loaded: catalogue data too. */
function isCatalogueInitial(text: string, catalogue: ReadonlySet<string>): boolean {
  return [...text].length === 1 && [...catalogue].some((entry) => entry.startsWith(text))
}

/**
 * Whether a string may read the same in `language` as in English: catalogue data from the API (and
 * a tool's initial), the brand, the language names (each written in itself), figures and
 * punctuation with no words, and the language's own words that English shares (SAME_AS_ENGLISH).
 */
export function mayStayTheSame(text: string, language: Language, catalogue: ReadonlySet<string>): boolean {
  return (
    text === BRAND ||
    LANGUAGE_NAMES.has(text) ||
    catalogue.has(text) ||
    isCatalogueInitial(text, catalogue) ||
    !/\p{L}/u.test(text) ||
    (SAME_AS_ENGLISH[language]?.has(text) ?? false)
  )
}
