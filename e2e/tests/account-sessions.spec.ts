import { expect, test } from '@playwright/test'

import { createVerifiedAccount, signInOnAnotherDevice } from '../support/accounts.ts'
import { waitForIdentity } from '../support/catalogue.ts'

test('sign out everywhere: after the confirmation, this device lands on /login and the other is signed out', async ({
  page,
  browser,
}) => {
  test.slow() // two browsers
  const account = await createVerifiedAccount(page)
  const other = await signInOnAnotherDevice(browser, account)
  await page.goto('/profile')
  const security = page.getByRole('region', { name: 'Security' })
  await expect(security.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(2)

  await security.getByRole('button', { name: 'Sign out everywhere' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' })
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // Signed out: the header settles without the account menu (the login page offers no Login button).
  await waitForIdentity(page)
  await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0)

  await other.reload()
  await expect(other).toHaveURL(/\/login\?redirect=%2Fprofile/)
  await other.context().close()
})

test('the session list marks this device and signs another one out', async ({ page, browser }) => {
  test.slow() // two browsers
  const account = await createVerifiedAccount(page)
  const other = await signInOnAnotherDevice(browser, account)
  await page.goto('/profile')
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
  await expect(devices).toHaveCount(2)
  const current = devices.filter({ hasText: 'This device' })
  await expect(current).toHaveCount(1)
  await expect(current).toContainText(/^Chrome on \w+This device/)
  await expect(current).toContainText('127.0.0.1')

  const another = devices.filter({ hasNotText: 'This device' })
  await another.getByRole('button', { name: /^Sign out / }).click()
  await expect(page.getByText(/^Signed out Chrome on \w+\.$/)).toBeVisible()
  await expect(devices).toHaveCount(1)

  await other.reload()
  await expect(other).toHaveURL(/\/login\?redirect=%2Fprofile/)
  await page.reload()
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible()
  await other.context().close()
})
