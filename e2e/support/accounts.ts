import { randomUUID } from 'node:crypto'
import { expect, type Browser, type Page } from '@playwright/test'

import { mailLinkTo } from './outbox.ts'

export interface TestAccount {
  name: string
  email: string
  password: string
}

/** A new account per test, so tests can run in parallel against one server. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const id = randomUUID().slice(0, 8)
  return { name: `Ada ${id}`, email: `ada-${id}@promptly.test`, password: `correct horse ${id}`, ...overrides }
}

/** Signs up through the form and waits for the "Check your inbox" panel the page then shows. */
export async function signUp(page: Page, account: TestAccount, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login')
  await page.getByRole('tab', { name: /sign up|create account/i }).click()
  await page.getByLabel('Name').fill(account.name)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: /create account|sign up/i }).click()
  await expect(checkInboxPanel(page)).toContainText(account.email)
}

/** The panel after a sign-up, naming the address the verification mail went to. */
export function checkInboxPanel(page: Page) {
  return page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Check your inbox' }) })
}

export async function signIn(page: Page, account: TestAccount, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login')
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: /^sign in$/i }).click()
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: /sign out/i }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
}

/**
 * Waits for the signed-in header (the avatar menu, loaded lazily). Generous: right after a sign-up
 * on a busy machine the menu's chunk can take a while.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible({ timeout: 15_000 })
}

/**
 * Signs `account` up over the API with the request context of `page`, which shares the browser's
 * cookies: the page is then signed in as the new, still unverified, account.
 */
export async function signUpThroughApi(page: Page, account: TestAccount): Promise<void> {
  const response = await page.request.post('/api/auth/local/sign-up', { data: account })
  expect(response.status(), await response.text()).toBe(202)
}

/** Follows the verification link in the newest mail to `account`, as a plain GET would. */
export async function verifyThroughOutbox(page: Page, account: TestAccount): Promise<void> {
  const link = await mailLinkTo(account.email, '/api/auth/local/verify-email')
  const response = await page.request.get(link, { maxRedirects: 0 })
  expect(response.status()).toBe(303)
  expect(response.headers().location).toBe('/profile?verified=1')
}

/**
 * A signed-in user with the trial's credits, made without the sign-up form: an account signed up
 * over the API and verified through its outbox link. For tests about anything but signing up.
 */
export async function createVerifiedAccount(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await signUpThroughApi(page, account)
  await verifyThroughOutbox(page, account)
  return account
}

/** A new verified account, signed in, on `path` with the signed-in header shown. */
export async function openSignedIn(page: Page, path = '/'): Promise<TestAccount> {
  const account = await createVerifiedAccount(page)
  await page.goto(path)
  await expectSignedIn(page)
  return account
}

/** A second browser (its own cookies, so its own session) signed in as `account`, on its profile. */
export async function signInOnAnotherDevice(browser: Browser, account: TestAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, account, '/profile')
  await expect(page).toHaveURL(/\/profile$/)
  return page
}
