import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'

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

export async function signUp(page: Page, account: TestAccount, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login')
  await page.getByRole('tab', { name: /sign up|create account/i }).click()
  await page.getByLabel('Name').fill(account.name)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: /create account|sign up/i }).click()
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
