import { expect, test, type Page } from '@playwright/test'

import { createVerifiedAccount, expectSignedIn } from '../support/accounts.ts'
import { categoryStrip, categoryTabs, toast, toolCard, waitForIdentity } from '../support/catalogue.ts'
import { collectConsoleProblems, HYDRATION_PROBLEM } from '../support/console.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'
import { holdRequests } from '../support/held-requests.ts'
import { MEDIA_TOOLS } from '../support/media.ts'

/**
 * The public pages arrive rendered by the server and the browser takes them over (hydrates) without
 * painting them again: no mismatch reported, and the page answers once it has.
 */

/**
 * The header's placeholder gives way (to Login, or to nothing on the login page) once the app has
 * hydrated and asked who the visitor is.
 */
async function waitForHydration(page: Page): Promise<void> {
  await waitForIdentity(page)
}

for (const { path, heading } of [
  { path: '/', heading: /Unlock the Power of AI with/ },
  { path: '/about', heading: 'About Us' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/login', heading: 'Welcome to Promptly' },
  { path: generatorUrl(), heading: X_BIO.name },
  { path: '/plan', heading: 'Choose a plan' },
]) {
  test(`${path} arrives rendered and hydrates without a mismatch`, async ({ page }) => {
    const problems = collectConsoleProblems(page)
    const response = await page.goto(path)
    // The content is in the HTML itself, before any script has run.
    const html = (await response?.text()) ?? ''
    expect(html).toMatch(/<div id="root"><[a-z]/)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([])
    expect(problems).toEqual([])
  })
}

test('a page kept for every visitor runs its inline scripts, allowed by their hashes, and hydrates', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page)
  // The first visit may render the page and a catalogue change elsewhere drops kept pages: visit
  // until one arrives kept (a CSP of script hashes, no nonce).
  await expect
    .poll(async () => {
      const response = await page.goto('/about')
      const policy = (await response?.allHeaders())?.['content-security-policy'] ?? ''
      return /'sha256-/.test(policy) && !/'nonce-/.test(policy)
    })
    .toBe(true)
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  // Hydrated (the router's state came from an inline script), and its links navigate in the app.
  await waitForHydration(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
})

test('the home page is interactive after hydration: a category filters the catalogue', async ({ page }) => {
  const problems = collectConsoleProblems(page)
  await page.goto('/')
  // Server-rendered: the catalogue's cards are there before the catalogue's code has run.
  await expect(toolCard(page, 'Text to Audio Converter')).toBeVisible()
  await waitForHydration(page)
  const strip = categoryStrip(page)
  await strip.getByRole('button', { name: 'Audio Tools', exact: true }).click()
  await expect(strip.getByRole('button', { name: 'Audio Tools', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(categoryTabs(page).getByRole('tab', { name: 'Audio Tools' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('tool-card')).toHaveCount(3)
  expect(problems).toEqual([])
})

test('the generator form accepts input after hydration, and Generate asks a signed-out visitor to sign in', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page)
  await page.goto(generatorUrl())
  await waitForHydration(page)
  const who = page.getByRole('textbox', { name: /Who you are/ })
  await who.fill('A designer')
  await expect(who).toHaveValue('A designer')
  await page.getByRole('textbox', { name: /What you post about/ }).fill('type and grids')
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(generatorUrl())}`)
  await expect(toast(page, 'Please Signin to continue')).toBeVisible()
  expect(problems).toEqual([])
})

test('a signed-out visitor sees the plans; Buy asks them to sign in, coming back to /plan', async ({ page }) => {
  await page.goto('/plan')
  await expect(page.getByTestId('plan-card-MONTHLY')).toBeVisible()
  await waitForHydration(page)
  await page.getByTestId('plan-card-MONTHLY').getByRole('button', { name: /^Buy/ }).click()
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/plan')}`)
  await expect(toast(page, 'Please Signin to continue')).toBeVisible()
})

test('a signed-in visitor gets the same page, then their own header and cards, with no mismatch', async ({ page }) => {
  await createVerifiedAccount(page)
  const problems = collectConsoleProblems(page)
  await page.goto('/')
  await expectSignedIn(page)
  await expect(page.getByTestId('nav-credits')).toBeVisible()
  // The signed-in catalogue offers My Tools once it knows who is there.
  await expect(categoryStrip(page).getByRole('button', { name: 'My Tools', exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
})

/** Where a dedicated tool's page has its parts, in CSS pixels from the top of the document. */
async function toolPageLayout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector)
      if (!element) throw new Error(`no ${selector} on the page`)
      const { top, bottom } = element.getBoundingClientRect()
      return { top: top + window.scrollY, bottom: bottom + window.scrollY }
    }
    const form = box('main section[aria-label$="form"]')
    const badge = document.querySelector('[data-testid="local-model-note"]')
      ? box('[data-testid="local-model-note"]')
      : null
    const related = box('section[aria-labelledby="related-heading"]')
    const faq = box('section[aria-labelledby="faq-heading"]')
    // The local model's note appears under the form once the browser has asked the server's
    // configuration (the server cannot know it): what follows is measured from what precedes it.
    const above = badge ?? form
    return { form, relatedBelowAbove: related.top - above.bottom, faqBelowRelated: faq.top - related.bottom }
  })
}

/** The ids in a tool page's form, in document order: labels, hints and errors point at them. */
async function formIds(page: Page): Promise<string[]> {
  return page
    .locator('main section[aria-label$="form"] [id]')
    .evaluateAll((elements) => elements.map((element) => element.id))
}

test("a dedicated tool's page keeps its layout and ids as it hydrates: the form and what follows stay put", async ({
  page,
  browser,
  baseURL,
}) => {
  const url = generatorUrl(MEDIA_TOOLS.image.id)
  // Tall enough for every section to be in view: a layout shift is only reported in the viewport.
  const viewport = { width: 1280, height: 1400 }
  await page.setViewportSize(viewport)
  // The server's page as it paints, before the app's code runs: its entry never arrives. (Not
  // with scripts off: the <noscript> note would then take a line above the page.)
  const serverOnly = await browser.newContext({ baseURL, viewport })
  const serverPage = await serverOnly.newPage()
  await serverPage.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort())
  await serverPage.goto(url)
  await expect(serverPage.getByRole('heading', { level: 1, name: MEDIA_TOOLS.image.name })).toBeVisible()
  const rendered = await toolPageLayout(serverPage)
  const renderedIds = await formIds(serverPage)
  // A page that is not live takes no input: its fields say they are disabled and cannot take focus.
  const prompt = serverPage.locator('main section[aria-label$="form"] textarea').first()
  await expect(prompt).toBeDisabled()
  await prompt.focus()
  expect(await prompt.evaluate((field) => field === document.activeElement)).toBe(false)
  await serverOnly.close()

  // Every layout shift in the hydrating page's <main>: where its elements were and went, when in view
  // before and after (one that comes into view or leaves it has an empty rectangle on that side).
  await page.addInitScript(() => {
    const moves: { from: number; to: number; what: string }[] = []
    Object.assign(window, { layoutMoves: moves })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        for (const { node, previousRect, currentRect } of entry.sources) {
          if (previousRect.height === 0 || currentRect.height === 0) continue
          // The page's own parts: the footer is the layout's (loaded before hydration with the page's own).
          if (!(node instanceof Element) || !node.closest('main')) continue
          const what = node.outerHTML.slice(0, 80)
          moves.push({ from: previousRect.top, to: currentRect.top, what })
        }
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const problems = collectConsoleProblems(page)
  await page.goto(url)
  // Hydrated: the screen's controls, inert in the server's HTML, take input.
  await expect(page.getByRole('combobox', { name: 'Number of images' })).toBeEnabled()
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  const hydrated = await toolPageLayout(page)

  expect(hydrated).toEqual(rendered)
  // The fields keep the server's ids: none is rewritten (and re-rendered) once the page is live.
  expect(renderedIds.length).toBeGreaterThan(0)
  expect(await formIds(page)).toEqual(renderedIds)
  // Nothing went up on the way (a form replaced by its shorter skeleton, say, and back again).
  const moves = await page.evaluate(
    () => (window as unknown as { layoutMoves: { from: number; to: number; what: string }[] }).layoutMoves,
  )
  const movedUp = moves.filter(({ from, to }) => to < from - 1)
  expect(movedUp).toEqual([])
  expect(problems).toEqual([])
})

test('a visitor who scrolls down while the page loads stays there once it hydrates, and its links work', async ({
  page,
}) => {
  // The app's code held back: the server's page is on screen and can be scrolled, nothing more.
  const entry = await holdRequests(page, '**/assets/index-*.js')
  await page.goto('/contact', { waitUntil: 'commit' })
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' })
  await terms.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(0)

  entry.release()
  await waitForHydration(page)
  // The router's first render does not throw the reader back to the top (a click aimed at the
  // footer would land on whatever moved under the pointer).
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  await terms.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  // A navigation still starts the next page at its top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent: [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)',
      'Chrome/130.0.0.0 Mobile Safari/537.36',
    ].join(' '),
  })

  test('the home page arrives with the catalogue as an accordion and hydrates it as it is', async ({ page }) => {
    const problems = collectConsoleProblems(page)
    const response = await page.goto('/')
    const html = (await response?.text()) ?? ''
    expect(html).toContain('data-catalogue-layout="accordion"')
    expect(html).toContain('data-testid="category-accordion"')
    await waitForHydration(page)
    const accordion = page.getByTestId('category-accordion')
    await expect(accordion.getByRole('button', { name: 'All Tools', expanded: true })).toBeVisible()
    // Hydrated: another category opens in place.
    await accordion.getByRole('button', { name: 'Audio Tools' }).click()
    await expect(accordion.getByRole('button', { name: 'Audio Tools', expanded: true })).toBeVisible()
    await expect(page.getByTestId('tool-card')).toHaveCount(3)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })
})
