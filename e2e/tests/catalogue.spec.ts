import { expect, test, type Route } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import {
  categoryStrip,
  categoryTabs,
  gotoCatalogue,
  gotoCatalogueFromAnotherPage,
  toast,
  toggleBookmark,
  toolCard,
} from '../support/catalogue.ts'
import { collectConsoleErrors } from '../support/console.ts'
import { gate, holdRequests } from '../support/held-requests.ts'

/** A tRPC request (batched or not) that calls `procedure`. */
function callsProcedure(procedure: string) {
  return (url: URL) =>
    url.pathname.startsWith('/trpc/') && url.pathname.slice('/trpc/'.length).split(',').includes(procedure)
}

/** The procedures of a batch request, in the order of its answers. */
function proceduresOf(route: Route): string[] {
  return new URL(route.request().url()).pathname.slice('/trpc/'.length).split(',')
}

/** A promise the test resolves when it lets a held response through. */
test.describe('home search', () => {
  test('the hero search runs from its button and shows the results in the catalogue', async ({ page }) => {
    const errors = collectConsoleErrors(page)
    await gotoCatalogue(page)
    await expect(toolCard(page, 'X (Twitter) Bio Generator')).toBeVisible()
    await page.getByPlaceholder('Search Tools..').fill('bio generator')
    await page.getByRole('button', { name: 'Search Ai tools' }).click()

    const heading = page.getByRole('heading', { name: 'Results for “bio generator”' })
    await expect(heading).toBeVisible()
    await expect(heading).toBeInViewport() // scrolled down to the catalogue
    await expect(toolCard(page, 'Instagram Bio Generator')).toBeVisible()
    await expect(toolCard(page, 'TikTok Bio Generator')).toBeVisible()
    await expect(toolCard(page, 'Cold Email Generator')).toHaveCount(0)
    await expect(categoryTabs(page).getByRole('tab', { selected: true })).toHaveCount(0)

    await page.getByRole('button', { name: 'Clear search' }).click()
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()
    await expect(categoryTabs(page).getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true')
    expect(errors).toEqual([])
  })

  test('Enter in the hero box searches too, and a search that matches nothing says so', async ({ page }) => {
    await gotoCatalogue(page)
    const box = page.getByPlaceholder('Search Tools..')
    await box.fill('youtube')
    await box.press('Enter')
    await expect(page.getByRole('heading', { name: 'Results for “youtube”' })).toBeVisible()
    await expect(toolCard(page, 'YouTube Title Generator')).toBeVisible()
    await expect(toolCard(page, 'YouTube Tags Generator')).toBeVisible()

    await box.fill('%(.*\\')
    await box.press('Enter')
    await expect(page.getByText('No tools found')).toBeVisible()
  })
})

test.describe('category strip', () => {
  test('one category is highlighted; choosing one shows its tools', async ({ page }) => {
    await gotoCatalogue(page)
    const strip = categoryStrip(page)
    await expect(strip.getByRole('button', { name: 'All Tools', exact: true })).toHaveAttribute('aria-pressed', 'true')
    await expect(strip.getByRole('button', { pressed: true })).toHaveCount(1)

    await strip.getByRole('button', { name: 'Audio Tools', exact: true }).click()
    await expect(strip.getByRole('button', { name: 'Audio Tools', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(strip.getByRole('button', { name: 'All Tools', exact: true })).toHaveAttribute('aria-pressed', 'false')
    await expect(categoryTabs(page).getByRole('tab', { name: 'Audio Tools' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('tool-card')).toHaveCount(3)
    await expect(toolCard(page, 'Text to Audio Converter')).toBeVisible()
  })

  test('the expand toggle wraps every category onto several rows, and collapses them again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await gotoCatalogue(page)
    const strip = categoryStrip(page)
    const last = strip.getByRole('button', { name: 'Upcoming Tools', exact: true })
    const toggle = strip.getByRole('button', { name: 'Show all' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(last).not.toBeInViewport() // off the end of the single row
    const collapsedHeight = (await strip.boundingBox())!.height

    await expect(toggle.locator('svg')).toHaveCSS('transform', 'none')
    await toggle.click()
    const collapse = strip.getByRole('button', { name: 'Show less' })
    await expect(collapse).toHaveAttribute('aria-expanded', 'true')
    await expect(collapse.locator('svg')).not.toHaveCSS('transform', 'none') // the chevron turns up
    await expect(last).toBeInViewport()
    expect((await strip.boundingBox())!.height).toBeGreaterThan(collapsedHeight * 1.8)

    await collapse.click()
    await expect(strip.getByRole('button', { name: 'Show all' })).toHaveAttribute('aria-expanded', 'false')
    await expect(last).not.toBeInViewport()
  })
})

test.describe('categories that cannot be loaded', () => {
  test('an alert offers Try again, which brings the strip and the tabs', async ({ page }) => {
    let failing = true
    await page.route(callsProcedure('tools.categories'), async (route) => {
      if (!failing) return route.continue()
      // Only the categories fail: the other calls of the batch keep their real answers.
      const response = await route.fetch()
      const answers = (await response.json()) as unknown[]
      const procedures = proceduresOf(route)
      const failure = {
        error: {
          json: {
            message: 'Something went wrong. Please try again.',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'tools.categories' },
          },
        },
      }
      await route.fulfill({
        response,
        status: procedures.length > 1 ? 207 : 500,
        json: answers.map((answer, index) => (procedures[index] === 'tools.categories' ? failure : answer)),
      })
    })
    await gotoCatalogueFromAnotherPage(page)
    const alert = page.getByRole('alert', { name: 'The categories could not be loaded' })
    await expect(alert).toBeVisible()
    await expect(categoryStrip(page)).toHaveCount(0)
    await expect(categoryTabs(page).getByRole('tab')).toHaveText(['All Tools'])
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()

    failing = false
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(categoryStrip(page).getByRole('button', { name: 'Audio Tools', exact: true })).toBeVisible()
    await expect(categoryTabs(page).getByRole('tab', { name: 'Audio Tools' })).toBeVisible()
    await expect(alert).toHaveCount(0)
  })
})

test.describe('catalogue on a desktop', () => {
  test('categories are tabs, All Tools first; each tab lists its tools, with a spinner while loading', async ({
    page,
  }) => {
    await gotoCatalogue(page)
    const tabs = categoryTabs(page)
    await expect(tabs.getByRole('tab').first()).toHaveText('All Tools')
    await expect(tabs.getByRole('tab', { name: 'My Tools' })).toHaveCount(0) // signed out
    await expect(page.getByTestId('tool-card')).toHaveCount(49)

    // The next category is held until its spinner has been seen.
    const category = await holdRequests(page, '**/trpc/tools.byCategory*')
    await tabs.getByRole('tab', { name: 'Email Tools' }).click()
    await expect(page.getByRole('status', { name: 'Loading Email Tools' })).toBeVisible()
    category.release()
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()
    await expect(page.getByRole('status', { name: 'Loading Email Tools' })).toHaveCount(0)
    await expect(toolCard(page, 'Instagram Bio Generator')).toHaveCount(0)
  })

  test('a visited category shows its cards from the cache at once, and refetches them behind', async ({ page }) => {
    await gotoCatalogue(page)
    const tabs = categoryTabs(page)
    await tabs.getByRole('tab', { name: 'SEO Tools' }).click()
    await expect(toolCard(page, 'SEO Title Tag Generator')).toBeVisible()
    await tabs.getByRole('tab', { name: 'All Tools' }).click()
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()

    // Hold the refetch: the cards must not wait for it.
    const asked: string[] = []
    const refetch = gate()
    await page.route(callsProcedure('tools.byCategory'), async (route) => {
      asked.push(decodeURIComponent(route.request().url()))
      await refetch.opened
      await route.continue()
    })
    await tabs.getByRole('tab', { name: 'SEO Tools' }).click()
    await expect(toolCard(page, 'SEO Title Tag Generator')).toBeVisible()
    await expect.poll(() => asked.length).toBe(1)
    expect(asked[0]).toContain('"category":"SEO Tools"')
    await expect(page.getByRole('status', { name: 'Loading SEO Tools' })).toHaveCount(0)
    await expect(toolCard(page, 'SEO Title Tag Generator')).toBeVisible()

    const answered = page.waitForResponse((response) => callsProcedure('tools.byCategory')(new URL(response.url())))
    refetch.open()
    await answered
    await expect(toolCard(page, 'SEO Title Tag Generator')).toBeVisible()
    expect(asked).toHaveLength(1)
  })

  test('?mytools while the sign-in is loading: a spinner, and the tabs stay reachable by keyboard', async ({
    page,
  }) => {
    await openSignedIn(page, '/')
    await gotoCatalogue(page)
    await toggleBookmark(page, 'Cold Email Generator', 'added')

    const signIn = gate()
    await page.route(callsProcedure('auth.me'), async (route) => {
      await signIn.opened
      await route.continue()
    })
    await gotoCatalogue(page, '/?mytools', { identity: false })
    await expect(page.getByRole('status', { name: 'Loading My Tools' })).toBeVisible()
    const allTools = categoryTabs(page).getByRole('tab', { name: 'All Tools' })
    await expect(allTools).toHaveAttribute('tabindex', '0')
    // The page arrives server-rendered and hydrates meanwhile (the sign-in answer is held): focus
    // until it holds, as the tabs the visitor reaches are the hydrated ones.
    await expect(async () => {
      await allTools.focus()
      await expect(allTools).toBeFocused({ timeout: 1_000 })
    }).toPass({ timeout: 15_000 })

    signIn.open()
    const myTools = categoryTabs(page).getByRole('tab', { name: 'My Tools' })
    await expect(myTools).toHaveAttribute('aria-selected', 'true')
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()
    await expect(page.getByRole('status', { name: 'Loading My Tools' })).toHaveCount(0)
  })

  test('a card shows logo, name, tagline, and a Generate link opening the generator in a new tab', async ({ page }) => {
    await gotoCatalogue(page)
    const card = toolCard(page, 'Cold Email Generator')
    await card.scrollIntoViewIfNeeded() // logos load lazily, near the viewport
    await expect(card.locator('[data-logo-state="loaded"]')).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Cold Email Generator' })).toBeVisible()
    const generate = card.getByRole('link', { name: /^Generate/ })
    await expect(generate).toHaveAttribute('href', /^\/generate\?id=[0-9a-f-]{36}$/)
    await expect(generate).toHaveAttribute('target', '_blank')
    await expect(generate).toHaveAttribute('rel', 'noopener')

    const [popup] = await Promise.all([page.context().waitForEvent('page'), generate.click()])
    await popup.waitForLoadState()
    expect(new URL(popup.url()).pathname).toMatch(/^\/(generate|login)$/)
    expect(page.url()).toMatch(/\/$/)
  })

  test("an upcoming tool shows 'Coming Soon...' instead of opening", async ({ page }) => {
    await gotoCatalogue(page)
    const card = toolCard(page, 'AI Logo Generator')
    await expect(card.getByRole('link')).toHaveCount(0)
    let opened = false
    page.context().on('page', () => {
      opened = true
    })
    await card.getByRole('button', { name: /^Generate/ }).click()
    await expect(toast(page, 'Coming Soon...')).toBeVisible()
    expect(opened).toBe(false)
    expect(new URL(page.url()).pathname).toBe('/')
  })

  test("a logo shows the tool's initial until its image has loaded", async ({ page }) => {
    const image = gate()
    let requested = false
    // AI Translator is the only tool with this logo.
    await page.route('**/logos/translate.svg', async (route) => {
      requested = true
      await image.opened
      await route.continue()
    })
    await gotoCatalogue(page)
    const card = toolCard(page, 'AI Translator')
    await card.scrollIntoViewIfNeeded() // logos load lazily, near the viewport
    await expect.poll(() => requested).toBe(true)
    // The initial on the tool's colour, never a glyph that could pass for another brand's logo.
    await expect(card.locator('[data-logo-state="loading"]').getByText('A', { exact: true })).toBeVisible()
    await expect(card.locator('[data-logo-state] svg')).toHaveCount(0)
    await expect(card.locator('[data-logo-state] img')).toHaveCSS('opacity', '0')

    image.open()
    await expect(card.locator('[data-logo-state="loaded"] img')).toHaveCSS('opacity', '1')
    await expect(card.locator('[data-logo-state]').getByText('A', { exact: true })).toHaveCount(0)
  })

  test("a broken logo keeps the tool's initial", async ({ page }) => {
    await page.route('**/logos/pen.svg', (route) => route.fulfill({ status: 404, body: '' }))
    await gotoCatalogue(page)
    const card = toolCard(page, 'Blog Introduction Writer')
    await card.scrollIntoViewIfNeeded()
    await expect(card.locator('[data-logo-state="failed"]').getByText('B', { exact: true })).toBeVisible()
    await expect(card.locator('img')).toHaveCount(0)
  })
})

test.describe('catalogue on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('categories are an accordion; a search becomes a new item of its own, opened', async ({ page }) => {
    await gotoCatalogue(page)
    await expect(page.getByRole('tablist')).toHaveCount(0)
    const accordion = page.getByTestId('category-accordion')
    const allTools = accordion.getByRole('button', { name: 'All Tools', exact: true })
    await expect(allTools).toHaveAttribute('aria-expanded', 'true')
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible()

    await accordion.getByRole('button', { name: 'Audio Tools', exact: true }).click()
    await expect(accordion.getByRole('button', { name: 'Audio Tools', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(allTools).toHaveAttribute('aria-expanded', 'false')
    await expect(toolCard(page, 'Podcast Show Notes Generator')).toBeVisible()
    await expect(page.getByTestId('tool-card')).toHaveCount(3)

    const search = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox')
    await search.fill('caption')
    await search.press('Enter')
    const searchItem = accordion.getByRole('button', { name: 'caption', exact: true })
    await expect(searchItem).toHaveAttribute('aria-expanded', 'true')
    await expect(toolCard(page, 'Instagram Caption Generator')).toBeVisible()

    // The search item stays: leave it for a category and come back.
    await allTools.click()
    await expect(searchItem).toHaveAttribute('aria-expanded', 'false')
    await searchItem.click()
    await expect(toolCard(page, 'Instagram Caption Generator')).toBeVisible()
  })

  test('going back to a search item costs no request; going back to a category refetches it', async ({ page }) => {
    await gotoCatalogue(page)
    const accordion = page.getByTestId('category-accordion')
    const search = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox')
    await search.fill('caption')
    await search.press('Enter')
    // The search's own results, not the All Tools list that also holds this card: the search request
    // has been answered before the listener below starts counting.
    await expect(accordion.getByRole('button', { name: 'caption', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(toolCard(page, 'Cold Email Generator')).toBeHidden()
    await expect(toolCard(page, 'Instagram Caption Generator')).toBeVisible()

    const searches: string[] = []
    const categories: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (callsProcedure('tools.search')(url)) searches.push(request.url())
      if (callsProcedure('tools.byCategory')(url)) categories.push(decodeURIComponent(request.url()))
    })
    await accordion.getByRole('button', { name: 'All Tools', exact: true }).click()
    await expect(toolCard(page, 'Cold Email Generator')).toBeVisible() // at once, from the cache
    await expect.poll(() => categories.length).toBe(1)
    expect(categories[0]).toContain('"category":"All Tools"')

    await accordion.getByRole('button', { name: 'caption', exact: true }).click()
    await expect(toolCard(page, 'Instagram Caption Generator')).toBeVisible()
    // A search request would have gone out when the results showed, before the next category's.
    await accordion.getByRole('button', { name: 'All Tools', exact: true }).click()
    await expect.poll(() => categories.length).toBe(2)
    expect(searches).toEqual([])
  })

  test("a card's tagline is cut to three lines", async ({ page }) => {
    const longTagline = 'Writes a short, friendly cold email that gets answered. '.repeat(12).trim()
    // One column on a phone: each card is as tall as its own content.
    await page.route(callsProcedure('tools.byCategory'), async (route) => {
      const response = await route.fetch()
      const answers = (await response.json()) as { result?: { data: { json: { name: string; tagLine: string }[] } } }[]
      for (const answer of answers) {
        for (const card of answer.result?.data.json ?? [])
          if (card.name === 'Cold Email Generator') card.tagLine = longTagline
      }
      await route.fulfill({ response, json: answers })
    })
    await gotoCatalogueFromAnotherPage(page)
    const tagline = toolCard(page, 'Cold Email Generator').getByText(longTagline)
    await expect(tagline).toBeVisible()
    // On screen: a card far below is laid out at a typical card's height until it nears the viewport.
    await tagline.scrollIntoViewIfNeeded()
    const shape = () =>
      tagline.evaluate((element) => {
        const style = getComputedStyle(element)
        return {
          clamp: style.getPropertyValue('-webkit-line-clamp'),
          lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
          // The rest of the text is there, cut off.
          cut: element.scrollHeight > element.clientHeight,
        }
      })
    await expect.poll(shape).toEqual({ clamp: '3', lines: 3, cut: true })
  })

  test('the hero search adds its item too', async ({ page }) => {
    await gotoCatalogue(page)
    await page.getByPlaceholder('Search Tools..').fill('email')
    await page.getByRole('button', { name: 'Search Ai tools' }).click()
    await expect(
      page.getByTestId('category-accordion').getByRole('button', { name: 'email', exact: true }),
    ).toHaveAttribute('aria-expanded', 'true')
    await expect(toolCard(page, 'Follow-up Email Generator')).toBeVisible()
  })
})
