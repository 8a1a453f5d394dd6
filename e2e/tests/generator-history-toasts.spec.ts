import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'

import { SECOND_SERVER_ORIGIN } from '../playwright.config.ts'
import { newAccount, openSignedIn, signIn, signUp, signUpThroughApi } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { fillXBio, generatorUrl, resultOutput, resultPanel, X_BIO } from '../support/generator.ts'
import { slowSwipe } from '../support/gestures.ts'
import { holdRequests } from '../support/held-requests.ts'

/** The region the toasts live in, focused by Alt+T. */
const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications (Alt+T)' })

test('generator: an unknown tool at once; toasts that swipe away, clear and link to the plans', async ({ page }) => {
  // Signed up over the API and not verified: signed in with no credits.
  await signUpThroughApi(page, newAccount())

  // An unknown id is a 404: asked once, never again (no retry of a 4xx).
  const unknownId = randomUUID()
  const asked: string[] = []
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url())
    if (url.includes('/trpc/') && url.includes('tools.get') && url.includes(unknownId)) asked.push(url)
  })
  // Followed inside the app (the server answers a page load with its own 404, no request at all).
  await page.goto('/')
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible()
  // The route's loader asks; the page's code is held until the 404 is in, as on a slow phone, so
  // the page mounts onto a refusal already in the cache and must not ask it again.
  const pageCode = await holdRequests(page, '**/assets/GeneratorPage-*.js')
  const refused = page.waitForResponse((response) => asked.includes(decodeURIComponent(response.url())))
  await page.evaluate((url) => window.history.pushState(null, '', url), generatorUrl(unknownId))
  expect((await refused).status()).toBe(404)
  pageCode.release()
  await expect(page.getByRole('heading', { name: 'Tool not found' })).toBeVisible()
  expect(asked).toHaveLength(1)

  // A page no route knows has a title of its own.
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found | Promptly')

  await page.goto(generatorUrl())
  await expect(page.getByRole('heading', { level: 1, name: X_BIO.name })).toBeVisible()
  await page.getByRole('button', { name: 'Generate' }).click()
  const required = toast(page, `${X_BIO.whoPlaceholder} is required`)
  await expect(required).toBeVisible()
  // A 20 px swipe dismisses a toast. Held under the pointer, it would not close by itself.
  const box = (await required.boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + 100, y)
  await page.mouse.down()
  await page.mouse.move(box.x + 112, y, { steps: 3 })
  await page.mouse.move(box.x + 124, y, { steps: 3 })
  await page.mouse.up()
  await expect(required).toHaveCount(0)
  // Slowly too: it is the distance that counts, not a flick's speed.
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(required).toBeVisible()
  await required.hover()
  await slowSwipe(required, 20)
  await expect(required).toHaveCount(0)

  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(required).toBeVisible()
  // Under the pointer a toast stays until something takes it away: here, the form becoming valid.
  await required.hover()
  // Filled in, the form is valid: the complaint goes at once, not 4 s later beside the result.
  await fillXBio(page)
  await expect(required).toHaveCount(0)

  await page.getByRole('button', { name: 'Generate' }).click()
  const outOfCredits = toast(page, 'You do not have enough credits left for this.')
  await expect(outOfCredits).toBeVisible()
  await expect(outOfCredits.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/plan')
  await expect(resultPanel(page).getByText('You are out of credits')).toBeVisible()
  await expect(resultPanel(page).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/plan')
  // No paid plan runs, so a top-up is not for sale: the monthly plan is the cheapest way to more.
  await expect(
    resultPanel(page).getByRole('link', { name: /^Cheapest that fits: Monthly, 1,000 credits/ }),
  ).toHaveAttribute('href', '/plan#plan-MONTHLY')
  // The server's wording for API clients names the path; the page never shows it.
  await expect(page.getByText(/at \/plan/)).toHaveCount(0)

  // Alt+T takes the keyboard to the toasts, whose link then leads to the plans.
  await page.keyboard.press('Alt+T')
  await expect(toastRegion(page)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(outOfCredits.getByRole('link', { name: 'Upgrade your plan' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/plan')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test.describe('on the server with a slow model', () => {
  // There the text streams for about ten seconds: Stop lands mid-stream however busy the machine is.
  test.use({ baseURL: SECOND_SERVER_ORIGIN })

  test('history: a stopped generation shows it cost nothing', async ({ page }) => {
    await openSignedIn(page, generatorUrl())
    await fillXBio(page)
    await page.getByRole('button', { name: 'Generate' }).click()
    // Stopped while the text streams: the server refunds the credit it held.
    await expect(resultOutput(page)).not.toBeEmpty()
    // By keyboard: the sticky header may cover the button as the page glides to the result.
    await page.getByRole('button', { name: 'Stop' }).press('Enter')
    await expect(resultPanel(page).getByText('Stopped. Nothing was charged for this generation.')).toBeVisible()

    await page.goto('/history')
    const entry = page.getByTestId('history-item').first()
    await expect(entry).toContainText('Failed, refunded')
    await expect(entry).toContainText('0 credits (refunded)')
    await expect(entry).not.toContainText('1 credit')
  })
})

test('signing up and in through the form: no request is cut short by the navigation after it', async ({
  page,
  browser,
}) => {
  const failed: string[] = []
  const recordFailures = (tab: Page) =>
    tab.on('requestfailed', (request) =>
      failed.push(`${request.method()} ${request.url()} ${request.failure()?.errorText}`),
    )
  recordFailures(page)
  const account = newAccount()
  await signUp(page, account)
  await page.getByRole('button', { name: 'Continue to Promptly' }).click()
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible()

  // Another browser, so no sign-out (which rightly cuts off the previous user's requests) comes between.
  const other = await (await browser.newContext()).newPage()
  recordFailures(other)
  await signIn(other, account, '/profile')
  await expect(other).toHaveURL('/profile')
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible()

  // A request the page never finished reading is cut off when the document goes: load others.
  for (const tab of [page, other]) {
    await tab.goto('/history')
    await expect(tab.getByRole('heading', { level: 1, name: 'History' })).toBeVisible()
  }
  expect(failed).toEqual([])
})
