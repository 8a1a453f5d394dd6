import { expect, test, type Locator, type Page } from '@playwright/test'

import { LANGUAGE_CODES, LANGUAGE_COOKIE, type Language } from '@promptly/core/web/languages'

import { collectConsoleProblems, HYDRATION_PROBLEM } from '../support/console.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'
import {
  catalogueTexts,
  languagePicker,
  mayStayTheSame,
  normalise,
  rememberLanguage,
  shownStrings,
  waitForHomeReady,
  waitForToolReady,
} from '../support/languages.ts'

/**
 * The interface reads in the visitor's language: the picker switches every string at once, the
 * choice is remembered for the server's pages, Arabic turns the layout right-to-left, and pages
 * rendered by the server in any language hydrate without a mismatch.
 */

// Two pages opened per test: on a two-core machine shared with other runs one has taken over a minute.
test.describe.configure({ timeout: 120_000 })

const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 390, height: 844 }
const X_BIO_FIELD = /Who you are/

/** Waits for a page of this suite ready to be read in `language`. */
async function openReady(page: Page, path: string, language: Language): Promise<void> {
  await page.goto(path)
  if (path === '/') await waitForHomeReady(page, language)
  else await waitForToolReady(page, language, X_BIO.name, X_BIO_FIELD)
}

/** The server's HTML as text: no scripts (they carry data, not what is shown), tags or entities. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' }
  return normalise(
    html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => entities[name] ?? ''),
  )
}

/** The texts of the header, hero and footer a language switch must change. */
function shellTexts(page: Page): Record<string, Locator> {
  const footer = page.getByRole('contentinfo')
  return {
    'header login': page.getByRole('banner').locator('a[href="/login"]'),
    'hero heading': page.getByRole('heading', { level: 1 }),
    'hero search button': page.getByRole('search').first().getByRole('button').last(),
    'footer heading': footer.getByRole('heading').first(),
    'footer copyright': footer.getByText(/©/),
  }
}

async function readTexts(locators: Record<string, Locator>): Promise<Record<string, string>> {
  const texts: Record<string, string> = {}
  for (const [name, locator] of Object.entries(locators)) texts[name] = normalise(await locator.innerText())
  return texts
}

test('the header picker switches the page to Spanish, remembered across a reload and by the server', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await waitForHomeReady(page, 'en')
  const english = await readTexts(shellTexts(page))

  await languagePicker(page, 'en').selectOption({ label: 'Español' })
  await waitForHomeReady(page, 'es')
  for (const [name, locator] of Object.entries(shellTexts(page))) {
    await expect(locator, `${name} in Spanish`).not.toHaveText(english[name] ?? '')
  }
  const spanish = await readTexts(shellTexts(page))
  expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: LANGUAGE_COOKIE, value: 'es' }))

  await page.reload()
  await waitForHomeReady(page, 'es')
  expect(await readTexts(shellTexts(page))).toEqual(spanish)

  // The server renders in the remembered language, before any script runs.
  const response = await page.request.get('/')
  expect(response.ok()).toBe(true)
  const html = await response.text()
  expect(html).toMatch(/<html[^>]*\blang="es"/)
  const serverText = textOfHtml(html)
  expect(serverText).toContain(spanish['hero heading'])
  expect(serverText).not.toContain(english['hero heading'])
})

for (const path of ['/', generatorUrl()]) {
  for (const language of ['es', 'hi', 'ar'] as const) {
    test(`every string on ${path} changes in ${language}, but the catalogue's data`, async ({
      page,
      context,
      baseURL,
    }) => {
      const catalogue = await catalogueTexts(page.request, X_BIO.id)
      await rememberLanguage(context, baseURL!, 'en')
      await openReady(page, path, 'en')
      const english = new Set((await shownStrings(page)).map(({ text }) => text))

      await rememberLanguage(context, baseURL!, language)
      await openReady(page, path, language)
      const translated = await shownStrings(page)
      const untranslated = [
        ...new Set(
          translated
            .filter(({ text }) => english.has(text) && !mayStayTheSame(text, language, catalogue))
            .map(({ text, kind }) => `${kind}: ${text}`),
        ),
      ]
      expect(untranslated, `strings still in English on ${path} in ${language}`).toEqual([])
    })
  }
}

test("the account server's refusal is shown in the visitor's language", async ({ page, context, baseURL }) => {
  await rememberLanguage(context, baseURL ?? '', 'es')
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') })
  await form.locator('input[type="email"]').fill('nobody-here@promptly.test')
  await form.locator('input[type="password"]').fill('not the right password')
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/local/sign-in'))
  await form.locator('button[type="submit"]').click()
  expect((await answered).status()).toBe(401)
  await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible()
  await expect(page.getByText('Incorrect e-mail or password')).toHaveCount(0)
})

test('Arabic lays the header out right-to-left: the brand at the right edge, the account controls at the left', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP)
  const brand = page.getByRole('banner').getByRole('link', { name: 'Promptly' })
  const login = page.getByRole('banner').locator('a[href="/login"]')
  const middle = DESKTOP.width / 2

  await rememberLanguage(context, baseURL!, 'en')
  await openReady(page, '/', 'en')
  const ltrBrand = (await brand.boundingBox())!
  const ltrLogin = (await login.boundingBox())!
  expect(ltrBrand.x + ltrBrand.width).toBeLessThan(middle)
  expect(ltrLogin.x).toBeGreaterThan(middle)

  await rememberLanguage(context, baseURL!, 'ar')
  await openReady(page, '/', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const rtlBrand = (await brand.boundingBox())!
  const rtlLogin = (await login.boundingBox())!
  expect(rtlBrand.x).toBeGreaterThan(middle)
  expect(rtlLogin.x + rtlLogin.width).toBeLessThan(middle)
  // Mirrored, not merely moved: each sits as far from its edge as it did from the other one.
  expect(Math.abs(DESKTOP.width - (rtlBrand.x + rtlBrand.width) - ltrBrand.x)).toBeLessThanOrEqual(2)
  expect(Math.abs(rtlLogin.x - (DESKTOP.width - (ltrLogin.x + ltrLogin.width)))).toBeLessThanOrEqual(2)
})

test('the footer picker shows from 768 px up; on a phone the header picker still switches the language', async ({
  page,
}) => {
  const footerPicker = page.getByRole('contentinfo').locator('select')
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await waitForHomeReady(page, 'en')
  await expect(footerPicker).toHaveCount(1)
  await expect(footerPicker).toBeHidden()

  const headerPicker = languagePicker(page, 'en')
  await expect(headerPicker).toBeInViewport()
  await headerPicker.selectOption({ label: 'Español' })
  await waitForHomeReady(page, 'es')

  await page.setViewportSize(DESKTOP)
  await expect(languagePicker(page, 'es', 'contentinfo')).toBeVisible()
  await expect(languagePicker(page, 'es', 'contentinfo')).toHaveValue('es')
})

for (const language of LANGUAGE_CODES) {
  test(`in ${language}, / and a tool page rendered by the server hydrate without a mismatch`, async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP)
    await rememberLanguage(context, baseURL!, language)
    const problems = collectConsoleProblems(page)
    for (const path of ['/', generatorUrl()]) {
      const rendered = await page.request.get(path)
      expect(await rendered.text()).toMatch(new RegExp(`<html[^>]*\\blang="${language}"`))
      await page.goto(path)
      if (path === '/') await waitForHomeReady(page, language)
      else {
        await waitForToolReady(page, language, X_BIO.name, X_BIO_FIELD)
        // The form stays disabled until its part of the page has hydrated.
        await expect(page.getByRole('textbox', { name: X_BIO_FIELD })).toBeEnabled()
      }
      // The footer arrives in its own chunk and hydrates on its own: its picker is enabled once it has.
      await expect(languagePicker(page, language, 'contentinfo')).toBeEnabled()
    }
    expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([])
  })
}
