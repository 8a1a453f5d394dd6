import { expect, test, type Page } from '@playwright/test'

import { createVerifiedAccount, openSignedIn } from '../support/accounts.ts'
import { generateXBio, generatorUrl, resultPanel, spendCredits, X_BIO } from '../support/generator.ts'

function planCard(page: Page, key: 'TOPUP' | 'MONTHLY' | 'YEARLY') {
  return page.getByTestId(`plan-card-${key}`)
}

/** From /plan, Buy on a card and wait for the local checkout's order summary. */
async function openCheckout(page: Page, key: 'TOPUP' | 'MONTHLY' | 'YEARLY', name: string): Promise<void> {
  await planCard(page, key)
    .getByRole('button', { name: new RegExp(`^Buy ${name}`) })
    .click()
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
  await expect(page.getByTestId('order-summary')).toContainText(name)
}

async function gotoPlans(page: Page): Promise<void> {
  await page.goto('/plan')
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()
  await expect(planCard(page, 'MONTHLY')).toBeVisible()
}

test('a user whose trial is spent buys Monthly on the local checkout, generates again, sees it in history', async ({
  page,
}) => {
  await createVerifiedAccount(page)
  await spendCredits(page.request, 30)

  await gotoPlans(page)
  await expect(page.getByTestId('nav-credits')).toHaveText('0')
  await expect(planCard(page, 'MONTHLY')).toContainText('$14.99')
  await expect(planCard(page, 'MONTHLY')).toContainText('1,000 credits')
  await expect(planCard(page, 'MONTHLY')).toContainText('Valid for 30 days')
  await expect(planCard(page, 'YEARLY')).toContainText('$149.99')
  // No paid plan yet: no top-up.
  await expect(planCard(page, 'TOPUP')).toHaveCount(0)

  await openCheckout(page, 'MONTHLY', 'Monthly')
  await expect(page.getByTestId('order-summary')).toContainText('$14.99')
  await page.getByRole('button', { name: 'Pay' }).click()

  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/)
  await expect(page.getByRole('heading', { level: 1, name: 'Success' })).toBeVisible()
  await expect(page.getByTestId('payment-paid')).toContainText('1,000 credits added')
  await expect(page.getByTestId('payment-paid')).toContainText('You now have 1,000 credits')
  await expect(page.getByTestId('nav-credits')).toHaveText('1,000')

  await page.goto(generatorUrl())
  await expect(page.getByRole('heading', { level: 1, name: X_BIO.name })).toBeVisible()
  await generateXBio(page)
  await expect(resultPanel(page).getByText(/1 credit used, 999 left/)).toBeVisible()

  await page.goto('/profile')
  await expect(page.getByTestId('credits')).toHaveText('999 of 1030 left')
  await expect(page.getByTestId('current-plan')).toContainText(/Monthly plan, valid till/)
  await page.getByRole('button', { name: 'Transaction History' }).click()
  const dialog = page.getByRole('dialog', { name: 'Transaction History' })
  const rows = dialog.getByRole('table', { name: 'Your transactions' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Monthly')
  await expect(rows.first()).toContainText('$14.99')
  await expect(rows.first()).toContainText('1,000')
})

test('Cancel on the checkout lands on Failed with the way back to the plans', async ({ page }) => {
  await openSignedIn(page, '/plan')
  await expect(planCard(page, 'YEARLY')).toBeVisible()
  await openCheckout(page, 'YEARLY', 'Yearly')
  await page.getByRole('link', { name: 'Cancel' }).click()

  await expect(page).toHaveURL(/\/cancel$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Failed' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to plans' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible()

  // The abandoned order is listed as awaiting payment, and nothing was credited.
  await page.goto('/profile')
  await expect(page.getByTestId('credits')).toHaveText('30 of 30 left')
  await page.getByRole('button', { name: 'Transaction History' }).click()
  const rows = page.getByRole('dialog', { name: 'Transaction History' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Yearly')
  await expect(rows.first()).toContainText('Awaiting payment')
})

test('the top-up is offered only once a paid plan runs; history sorts by date', async ({ page }) => {
  await openSignedIn(page, '/profile')
  await page.getByRole('button', { name: 'Transaction History' }).click()
  await expect(page.getByRole('dialog', { name: 'Transaction History' })).toContainText('No transactions yet')
  await page.keyboard.press('Escape')

  await gotoPlans(page)
  await expect(planCard(page, 'TOPUP')).toHaveCount(0)
  await openCheckout(page, 'MONTHLY', 'Monthly')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByTestId('payment-paid')).toBeVisible()

  await gotoPlans(page)
  await expect(planCard(page, 'TOPUP')).toContainText('Valid until your plan ends')
  await expect(page.getByTestId('current-plan')).toContainText('Monthly plan')
  await openCheckout(page, 'TOPUP', 'Credit Top-up')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByTestId('payment-paid')).toContainText('100 credits added')
  await expect(page.getByTestId('payment-paid')).toContainText('You now have 1,130 credits')

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Transaction History' }).click()
  const dialog = page.getByRole('dialog', { name: 'Transaction History' })
  const rows = dialog.locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('Credit Top-up')
  await dialog.getByRole('button', { name: /Created At/ }).click()
  await expect(rows.first()).toContainText('Monthly')
  await expect(dialog.getByRole('columnheader', { name: /Created At/ })).toHaveAttribute('aria-sort', 'ascending')
})
