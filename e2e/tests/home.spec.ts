import { expect, test } from '@playwright/test'

import { collectConsoleErrors } from '../support/console.ts'

test('the home page renders its hero with no console errors', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: /Unlock the Power of AI with/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test('the hero says what Promptly does, with daily updates', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText(/^Promptly harnesses cutting-edge AI tools\b.*\bwith daily updates\b/)).toBeVisible()
})

test('a client-side route survives a reload (SPA fallback)', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
