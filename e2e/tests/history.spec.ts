import { expect, test } from '@playwright/test'

import { openSignedIn } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { generateXBio, generatorUrl, X_BIO } from '../support/generator.ts'

test('a signed-out visit to /history goes to /login', async ({ page }) => {
  await page.goto('/history')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhistory/)
  await expect(toast(page, 'Login to continue...')).toBeVisible()
})

test('history lists the generation, opens it, re-runs it with the form filled in, and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openSignedIn(page, generatorUrl())
  await generateXBio(page, 'A lighthouse keeper who writes poems', 'storms, seabirds and night shifts')

  // The avatar menu leads to History.
  await page.getByRole('button', { name: /account menu/i }).click()
  await page.getByRole('menuitem', { name: 'History' }).click()
  await expect(page).toHaveURL(/\/history$/)
  const rows = page.getByTestId('history-item')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(X_BIO.name)

  // Search: a word from the tool's name finds it, nonsense finds nothing.
  const search = page.getByRole('searchbox', { name: 'Search your generations' })
  await search.fill('zzzz-no-such-text')
  await expect(page.getByText('No generations match “zzzz-no-such-text”.')).toBeVisible()
  await search.fill('Bio Generator')
  await expect(rows).toHaveCount(1)

  // Open it: the output, copy.
  await rows.first().getByRole('button', { name: /^Open/ }).click()
  const dialog = page.getByRole('dialog', { name: X_BIO.name })
  const output = dialog.getByTestId('history-output')
  await expect(output).not.toBeEmpty()
  await dialog.getByRole('button', { name: 'Copy' }).click()
  await expect(toast(page, 'Copied to Clipboard')).toBeVisible()
  expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe((await output.innerText()).trim())

  // Run again: the generator with the same values.
  await dialog.getByRole('link', { name: 'Run again' }).click()
  await expect(page).toHaveURL(new RegExp(`/generate\\?id=${X_BIO.id}&from=[0-9a-f-]{36}$`))
  await expect(page.getByRole('textbox', { name: /Who you are/ })).toHaveValue('A lighthouse keeper who writes poems')
  await expect(page.getByRole('textbox', { name: /What you post about/ })).toHaveValue(
    'storms, seabirds and night shifts',
  )
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled({ timeout: 20_000 })

  // Both generations are listed, newest first; delete one after confirming.
  await page.goto('/history')
  await expect(rows).toHaveCount(2)
  await rows
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete this generation?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Generation deleted')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await page.reload()
  await expect(rows).toHaveCount(1)
})
