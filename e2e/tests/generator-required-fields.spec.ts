import { expect, test, type Page } from '@playwright/test'

import { expectNoAccessibilityViolations } from '../support/accessibility.ts'
import { openSignedIn } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { generatorUrl, X_BIO } from '../support/generator.ts'

/** The X bio form's fields by their names (the asterisk beside a label is hidden from screen readers). */
const fields = (page: Page) => ({
  who: page.getByRole('textbox', { name: 'Who you are', exact: true }),
  topics: page.getByRole('textbox', { name: 'What you post about', exact: true }),
  callToAction: page.getByRole('textbox', { name: 'Call to action or link text', exact: true }),
})

test('the generator tells a screen reader which fields are required, and still says so itself', async ({
  page,
  browser,
}) => {
  // As the server sends it, before any script runs: a screen reader reads this page first.
  const serverRendered = await browser.newContext({ javaScriptEnabled: false })
  const staticPage = await serverRendered.newPage()
  await staticPage.goto(generatorUrl())
  await expect(fields(staticPage).who).toHaveAttribute('aria-required', 'true')
  await expect(fields(staticPage).topics).toHaveAttribute('aria-required', 'true')
  await expect(fields(staticPage).callToAction).not.toHaveAttribute('aria-required')
  await serverRendered.close()

  await openSignedIn(page, generatorUrl())
  const { who, topics, callToAction } = fields(page)
  for (const required of [who, topics]) {
    await expect(required).toHaveAttribute('aria-required', 'true')
    // Not the `required` attribute: the browser's own bubble would stand in for the form's toast.
    await expect(required).not.toHaveAttribute('required')
  }
  await expect(callToAction).not.toHaveAttribute('aria-required')
  await expectNoAccessibilityViolations(page, 'the generator')

  // Left empty, the form says which field it needs, in a toast, and takes the keyboard there.
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(toast(page, `${X_BIO.whoPlaceholder} is required`)).toBeVisible()
  await expect(who).toBeFocused()
})
