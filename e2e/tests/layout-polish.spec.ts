import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test'

import { followSystemColorScheme } from '../support/accessibility.ts'
import { openSignedIn } from '../support/accounts.ts'
import { categoryStrip, gotoCatalogue, waitForIdentity } from '../support/catalogue.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'

// How the pages are laid out on a phone and on a laptop: geometry and computed styles, read once
// each page has settled (no animation or timing is measured).
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const

/** WCAG relative luminance of a computed `rgb(...)` / `rgba(...)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

/** Nothing sticks out sideways (a phone would scroll the whole page), and the header is opaque. */
async function expectPageFits(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  const header = page.getByRole('banner')
  expect(await style(header, 'background-color')).toMatch(/^rgb\(/)
  const controls = await header.getByRole('navigation').boundingBox()
  expect(controls!.x + controls!.width).toBeLessThanOrEqual(width)
}

/** A screenshot kept with the run's results (test-results/), for a person to look at. */
async function saveScreenshot(testInfo: TestInfo, name: string, take: (path: string) => Promise<unknown>) {
  const path = testInfo.outputPath(`${name}.png`)
  await take(path)
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

/** How many lines a block of text takes. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size
  })

/**
 * Every chip of the strip is either whole (and shown) or faded out completely; `cut`: some chip
 * crosses an edge (there is more than fits).
 */
async function expectWholeChips(list: Locator, { cut }: { cut: boolean }): Promise<void> {
  const chips = await list.getByRole('listitem').evaluateAll((items) => {
    const edges = items[0]!.parentElement!.getBoundingClientRect()
    return items.map((item) => {
      const box = item.getBoundingClientRect()
      const inside = box.left >= edges.left - 0.5 && box.right <= edges.right + 0.5
      const shows = box.right > edges.left && box.left < edges.right
      return { text: item.textContent, cut: shows && !inside, inside, opacity: getComputedStyle(item).opacity }
    })
  })
  if (cut) expect(chips.filter((chip) => chip.cut).length, 'more chips than room').toBeGreaterThan(0)
  for (const chip of chips.filter((c) => c.cut)) expect(chip, 'a chip cut by the edge').toMatchObject({ opacity: '0' })
  for (const chip of chips.filter((c) => c.inside)) expect(chip, 'a whole chip').toMatchObject({ opacity: '1' })
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport })

    test('home: whole category chips, and a neutral stand-in while logos load', async ({ page }) => {
      // Logos never arrive during this test: every card shows its stand-in.
      await page.route('**/logos/**', () => undefined)
      await gotoCatalogue(page)
      await expectPageFits(page, viewport.width)

      // At rest and once swiped halfway (where the snap leaves it), a chip the edge cuts is faded out.
      const list = categoryStrip(page).getByRole('list')
      await expectWholeChips(list, { cut: device === 'desktop' })
      expect(await style(list, 'mask-image'), 'the trailing edge fades').toContain('linear-gradient')
      await list.evaluate((element) => element.scrollTo({ left: element.scrollWidth / 2, behavior: 'instant' }))
      await expect(() => expectWholeChips(list, { cut: true })).toPass()

      const cards = page.getByTestId('tool-card')
      await expect(cards.first()).toBeVisible()
      const logos = await cards.evaluateAll((all) =>
        all.slice(0, 8).map((card) => {
          const tile = card.querySelector('[data-logo-state]')!
          const initial = tile.querySelector('span')
          return {
            name: card.querySelector('h2, h3, h4')?.textContent?.trim() ?? '',
            glyphs: tile.querySelectorAll('svg').length,
            initial: initial?.textContent ?? '',
            background: initial ? getComputedStyle(initial).backgroundColor : '',
          }
        }),
      )
      for (const logo of logos) {
        expect(logo, 'no glyph that could be a brand').toMatchObject({
          glyphs: 0,
          initial: logo.name[0]!.toUpperCase(),
        })
      }
      expect(new Set(logos.map((logo) => logo.background)).size, 'tools have colours of their own').toBeGreaterThan(2)
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })

    test('tool page: a short header, the local model note under the result, dark headings', async ({
      page,
    }, testInfo) => {
      await followSystemColorScheme(page)
      await page.goto(generatorUrl())
      await waitForIdentity(page)
      const header = page.getByRole('main').locator('header').first()
      const title = header.getByRole('heading', { level: 1, name: X_BIO.name })
      const note = page.getByTestId('local-model-note')
      await expect(note).toBeVisible()
      await expectPageFits(page, viewport.width)

      expect(await lineCount(title), 'the tool name wraps at most once').toBeLessThanOrEqual(2)
      await expect(header).not.toContainText('Local model')
      await expect(note).toContainText('Local model')
      await expect(note).toContainText('No AI provider is configured')
      const form = await page.getByRole('button', { name: 'Generate' }).boundingBox()
      expect((await note.boundingBox())!.y, 'the note sits below the form').toBeGreaterThan(form!.y)
      expect(await style(note, 'text-transform')).toBe('none')
      if (device === 'phone') {
        await saveScreenshot(testInfo, 'phone-generator-header', (path) => header.screenshot({ path }))
      }

      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
      expect(await style(title, 'color'), 'headings are white').toBe('rgb(255, 255, 255)')
      const tile = header.locator('[data-logo-state="loaded"]')
      const body = await style(page.locator('body'), 'background-color')
      expect(contrast(await style(tile, 'background-color'), body), 'a dark logo keeps a light tile').toBeGreaterThan(3)
      const [tileBox, imageBox] = [await tile.boundingBox(), await tile.locator('img').boundingBox()]
      expect(imageBox!.x - tileBox!.x, 'the tile shows around the logo').toBeGreaterThanOrEqual(3)
      expect(tileBox!.y + tileBox!.height - (imageBox!.y + imageBox!.height)).toBeGreaterThanOrEqual(3)
      if (device === 'desktop') {
        await saveScreenshot(testInfo, 'dark-generator', (path) => page.screenshot({ path }))
      }
    })

    test('login page without a Login button; profile card with room for name and address', async ({
      page,
    }, testInfo) => {
      await page.goto('/login')
      await waitForIdentity(page)
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible()
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0)
      await expectPageFits(page, viewport.width)

      const account = await openSignedIn(page, '/profile')
      const name = page.getByRole('heading', { level: 1, name: account.name })
      const email = page.getByText(account.email, { exact: true })
      await expect(email).toBeVisible()
      await expectPageFits(page, viewport.width)
      expect(await lineCount(name), 'the name on one line').toBe(1)
      expect(await lineCount(email), 'the address on one line').toBe(1)
      const avatar = await page.getByRole('main').locator('.mantine-Avatar-root').boundingBox()
      const text = await name.boundingBox()
      expect(text!.x - (avatar!.x + avatar!.width), 'room between avatar and name').toBeGreaterThanOrEqual(12)
      if (device === 'phone') {
        await saveScreenshot(testInfo, 'phone-profile', (path) => page.screenshot({ path, fullPage: true }))
      }
    })
  })
}
