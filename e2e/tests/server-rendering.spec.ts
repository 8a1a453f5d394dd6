import { expect, test, type Page } from '@playwright/test'

import { createVerifiedAccount, expectSignedIn } from '../support/accounts.ts'
import { categoryStrip, categoryTabs, toast, toolCard, waitForIdentity } from '../support/catalogue.ts'
import { collectConsoleProblems, HYDRATION_PROBLEM } from '../support/console.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'

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
