import { expect, test } from '@playwright/test'

import { newAccount, signIn, signOut, signUp } from '../support/accounts.ts'

test('sign up, reach the profile, sign out, sign in again', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account, '/profile')
  // Signed in at once, but unverified: the page says where the mail went and waits for the user.
  await page.getByRole('button', { name: 'Continue to Promptly' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(account.email).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Verify your e-mail to get your 30 trial credits' })).toBeVisible()

  await signOut(page)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/)

  await signIn(page, account, '/profile')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(account.name).first()).toBeVisible()
})

test('a signed-out visit to /profile goes to /login with the spec toast', async ({ page }) => {
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/)
  await expect(page.getByText('Login to continue...')).toBeVisible()
})

test('a wrong password shows the generic message and stays on /login', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account)
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible()
  await signOut(page)
  await signIn(page, { ...account, password: 'not the password' })
  await expect(page.getByText('Incorrect e-mail or password')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('the redirect parameter never leaves the site', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account, '//evil.example/phish')
  await page.getByRole('button', { name: 'Continue to Promptly' }).click()
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible()
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL ?? '').host)
})
