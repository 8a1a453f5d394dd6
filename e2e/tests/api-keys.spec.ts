import { expect, test } from '@playwright/test'

import { expectSignedIn, newAccount, signUp } from '../support/accounts.ts'

test('an API key is shown once, answers /api/v1/limits, and is refused once revoked', async ({ page }) => {
  await signUp(page, newAccount())
  await expectSignedIn(page)
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'API keys' })
  await expect(section.getByText('You have no API keys.')).toBeVisible()

  await section.getByLabel('Key name').fill('E2E script')
  await expect(section.getByRole('checkbox', { name: /Read/ })).toBeChecked()
  await section.getByRole('button', { name: 'Create key' }).click()

  const field = section.getByRole('textbox', { name: 'API key' })
  await expect(field).toHaveValue(/^prly_[A-Za-z0-9_-]{43}$/)
  await expect(section.getByText(/it will not be shown again/)).toBeVisible()
  const key = await field.inputValue()
  const row = section.getByRole('row', { name: /E2E script/ })
  await expect(row).toContainText(`${key.slice(0, 12)}…`)

  await section.getByRole('button', { name: 'Done' }).click()
  await expect(field).toBeHidden()
  await page.reload()
  await expect(row).toBeVisible()
  expect(await page.content()).not.toContain(key)

  // page.request carries the session cookie too: the key decides, so the revoked key is refused.
  const limitsWithKey = () => page.request.get('/api/v1/limits', { headers: { authorization: `Bearer ${key}` } })
  const allowed = await limitsWithKey()
  expect(allowed.status()).toBe(200)
  expect(await allowed.json()).toMatchObject({ status: 'OK', data: { plan: 'free' } })

  await row.getByRole('button', { name: 'Revoke E2E script' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' })
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByText('You have no API keys.')).toBeVisible()

  const refused = await limitsWithKey()
  expect(refused.status()).toBe(401)
  expect(await refused.json()).toMatchObject({
    status: 'error',
    code: 'UNAUTHORIZED',
    message: expect.stringMatching(/revoked/),
  })
})
