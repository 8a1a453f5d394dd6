import { expect, test } from '@playwright/test'

import {
  createVerifiedAccount,
  newAccount,
  signIn,
  signInOnAnotherDevice,
  signOut,
  signUpThroughApi,
} from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { mailLinkTo } from '../support/outbox.ts'

const newPassword = () => `lantern orbit ${Math.random().toString(36).slice(2, 10)} quiet`

test('forgot password: the link from the mail sets a new one; the old one no longer signs in', async ({ page }) => {
  test.slow() // two sign-ins and a reset on one page
  const account = newAccount()
  await signUpThroughApi(page, account)
  expect((await page.request.post('/api/auth/local/sign-out')).status()).toBe(204)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  // The sign-in form (with its own E-mail field) stays on screen until the new page has loaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toContainText('If an account exists for that address, we sent a link')

  // The page shows no way to the mail: the link is read from the mailbox, as its owner would.
  await page.goto(await mailLinkTo(account.email, '/reset-password'))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()

  const password = newPassword()
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Repeat password').fill(password)
  await page.getByRole('button', { name: 'Set the new password' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(toast(page, 'Your password was changed and you are signed in.')).toBeVisible()

  await signOut(page)
  await signIn(page, account)
  await expect(page.getByText('Incorrect e-mail or password')).toBeVisible()
  await signIn(page, { ...account, password }, '/profile')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(account.name).first()).toBeVisible()
})

test('a reset link works once', async ({ page }) => {
  const account = newAccount()
  await signUpThroughApi(page, account)
  const asked = await page.request.post('/api/auth/local/password-reset', { data: { email: account.email } })
  expect(await asked.json()).toEqual({})
  const path = await mailLinkTo(account.email, '/reset-password')

  for (const attempt of ['first', 'second'] as const) {
    await page.goto(path)
    const password = newPassword()
    await page.getByLabel('New password').fill(password)
    await page.getByLabel('Repeat password').fill(password)
    await page.getByRole('button', { name: 'Set the new password' }).click()
    if (attempt === 'first') await expect(page).toHaveURL(/\/profile$/)
  }
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired')
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

test('changing the password keeps this device signed in and signs the other one out', async ({ page, browser }) => {
  test.slow() // two browsers
  const account = await createVerifiedAccount(page)
  const other = await signInOnAnotherDevice(browser, account)

  await page.goto('/profile')
  const security = page.getByRole('region', { name: 'Security' })
  const devices = security.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')
  await expect(devices).toHaveCount(2)

  const password = newPassword()
  await security.getByLabel('Current password').fill(account.password)
  await security.getByLabel('New password').fill(password)
  await security.getByLabel('Repeat password').fill(password)
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('Password changed. Every other device was signed out.')).toBeVisible()
  await expect(devices).toHaveCount(1)
  await expect(devices.first()).toContainText('This device')

  await other.reload()
  await expect(other).toHaveURL(/\/login\?redirect=%2Fprofile/)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Security' })).toBeVisible()
  await signIn(other, { ...account, password }, '/profile')
  await expect(other).toHaveURL(/\/profile$/)
  await other.context().close()
})
