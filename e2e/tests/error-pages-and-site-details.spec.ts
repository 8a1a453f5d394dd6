import { expect, test } from '@playwright/test'

import { SITE_DETAILS } from '../playwright.config.ts'
import { expectNoAccessibilityViolations } from '../support/accessibility.ts'
import { collectConsoleProblems, HYDRATION_PROBLEM } from '../support/console.ts'

/**
 * What a new visitor meets first: an address mangled on the way (a broken `%` escape) gets the app's
 * error screen, not raw JSON; the contact and legal pages and the footer show the operator's own
 * details (configured for this server in playwright.config.ts), never invented ones.
 */

test('an unreadable page address shows the error screen with a 400; API addresses keep their JSON', async ({
  page,
}) => {
  const response = await page.goto('/about/%zz')
  expect(response?.status()).toBe(400)
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(/contains a broken % code/)
  await expect(page).toHaveTitle(/Unexpected Application Error!/)
  await expectNoAccessibilityViolations(page, 'the bad-address page (light)')

  // A saved dark scheme applies here too (the page keeps the colour-scheme script), and reads well.
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'))
  expect((await page.goto('/%E0%A4%A'))?.status()).toBe(400)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expectNoAccessibilityViolations(page, 'the bad-address page (dark)', 'contrast')

  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Unlock the Power of AI with/ })).toBeVisible()

  const api = await page.request.get('/api/v1/objects%zz', { headers: { accept: 'text/html' } })
  expect(api.status()).toBe(400)
  expect(await api.json()).toMatchObject({ status: 'error', code: 'BAD_REQUEST' })
})

test("the contact and legal pages and the footer show the operator's configured details", async ({ page }) => {
  const problems = collectConsoleProblems(page)
  const contact = await page.goto('/contact')
  // In the server's HTML already, so the browser hydrates the same page.
  expect(await contact?.text()).toContain(SITE_DETAILS.supportEmail)
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: SITE_DETAILS.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${SITE_DETAILS.supportEmail}`,
  )
  await expect(main.getByRole('link', { name: SITE_DETAILS.supportPhone })).toHaveAttribute('href', 'tel:+442079460000')

  const footer = page.getByRole('contentinfo')
  const blog = footer.getByRole('link', { name: 'Blog', exact: true })
  await expect(blog).toHaveAttribute('href', SITE_DETAILS.blogUrl)
  await expect(blog).toHaveAttribute('rel', 'noopener noreferrer')
  const maker = footer.getByRole('link', { name: 'the Promptly team' })
  await expect(maker).toHaveAttribute('href', SITE_DETAILS.makerUrl)
  await expect(maker).toHaveAttribute('rel', 'noopener noreferrer')

  // Client-side navigation to a legal page: the same details, from the answer already loaded.
  await footer.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByText(`operated by ${SITE_DETAILS.companyName}.`)).toBeVisible()
  await expect(page.getByText(`Questions about these terms: ${SITE_DETAILS.supportEmail}.`)).toBeVisible()
  await expect(page.getByText(/example\.com|promptly\.example|555|\[Company Name\]/)).toHaveCount(0)

  // The internal blog page stays, for anyone who has its address.
  await page.goto('/blog')
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible()
  expect(problems.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([])
})
