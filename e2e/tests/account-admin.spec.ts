import { expect, test } from '@playwright/test'

import { ADMIN_EMAILS } from '../playwright.config.ts'
import { newAccount, signUpThroughApi, verifyThroughOutbox } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'

test('an address in ADMIN_EMAILS is not admin until it is verified', async ({ page }) => {
  // Each repetition of this test in one run needs an admin address nobody has signed up with yet.
  const email = ADMIN_EMAILS[test.info().repeatEachIndex]
  if (!email) throw new Error(`ADMIN_EMAILS has no address for repetition ${test.info().repeatEachIndex}`)
  const account = newAccount({ email })
  await signUpThroughApi(page, account)

  await page.goto('/admin')
  await expect(toast(page, 'Cannot access')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  await verifyThroughOutbox(page, account)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin$/)
})
