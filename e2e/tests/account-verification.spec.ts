import { expect, test } from '@playwright/test'

import { expectNoAccessibilityViolations } from '../support/accessibility.ts'
import { checkInboxPanel, newAccount, signUp, signUpThroughApi } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'

const VERIFY_NOTICE = 'Verify your e-mail to get your 30 trial credits'

test('sign up, open the mail from the outbox, follow its link: verified, with the 30 trial credits', async ({
  page,
}) => {
  const account = newAccount()
  await signUp(page, account, '/profile')
  await expect(checkInboxPanel(page)).toContainText(account.email)

  const opened = page.waitForEvent('popup')
  await page.getByRole('link', { name: 'Open the message in the outbox' }).click()
  const mail = await opened
  await expect(mail).toHaveTitle(/^Outbox: /)
  await expect(mail.getByRole('cell', { name: account.email })).toBeVisible()

  // A plain link: the server verifies on the GET and sends the browser to its profile.
  await mail.getByRole('link', { name: /\/api\/auth\/local\/verify-email\?token=/ }).click()
  await expect(toast(mail, 'E-mail verified')).toBeVisible()
  await expect(mail.getByTestId('credits')).toHaveText('30 of 30 left')
  await expect(mail.getByText('You are currently on trial plan for 7 days')).toBeVisible()
  await expect(mail.getByRole('region', { name: VERIFY_NOTICE })).toHaveCount(0)
  await expect(mail).toHaveURL(/\/profile$/)
})

test('an unverified account has no trial credits, is told why, and a resend waits out the cooldown', async ({
  page,
}) => {
  test.slow() // an axe run over the whole profile
  await signUpThroughApi(page, newAccount())
  await page.goto('/profile')
  const notice = page.getByRole('region', { name: VERIFY_NOTICE })
  await expect(notice).toBeVisible()
  await expect(page.getByTestId('credits')).toHaveText('0 of 0 left')
  await expect(page.getByText('You are currently on trial plan for 7 days')).toHaveCount(0)

  // The sign-up mail went out a moment ago: the server asks to wait before another.
  await notice.getByRole('button', { name: 'Resend the link' }).click()
  await expect(notice.getByRole('status')).toHaveText(/You can ask for another in \d+ s\./)
  await expectNoAccessibilityViolations(page, 'the profile of an unverified account')
})

test('a link that is not (or no longer) valid lands on a notice saying so, with Resend', async ({ page }) => {
  await signUpThroughApi(page, newAccount())
  await page.goto('/api/auth/local/verify-email?token=not-a-real-token')
  const notice = page.getByRole('region', { name: 'This verification link is invalid or has expired' })
  await expect(notice).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Resend the link' })).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByTestId('credits')).toHaveText('0 of 0 left')
})
