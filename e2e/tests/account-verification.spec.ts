import { expect, test } from '@playwright/test'

import { expectNoAccessibilityViolations } from '../support/accessibility.ts'
import { checkInboxPanel, newAccount, signUp, signUpThroughApi } from '../support/accounts.ts'
import { toast } from '../support/catalogue.ts'
import { mailLinkTo } from '../support/outbox.ts'

const VERIFY_NOTICE = 'Verify your e-mail to get your 30 trial credits'

test('sign up, open the mail, follow its link: verified, with the 30 trial credits', async ({ page }) => {
  const account = newAccount()
  await signUp(page, account, '/profile')
  await expect(checkInboxPanel(page)).toContainText(account.email)

  // The panel shows no way to the mail itself: that is the mailbox's, read here as its owner would.
  await expect(checkInboxPanel(page).getByRole('link')).toHaveCount(0)
  const link = await mailLinkTo(account.email, '/api/auth/local/verify-email')

  // A plain link: the server verifies on the GET and sends the browser to its profile.
  await page.goto(link)
  await expect(toast(page, 'E-mail verified')).toBeVisible()
  await expect(page.getByTestId('credits')).toHaveText('30 of 30 left')
  await expect(page.getByText('You are currently on trial plan for 7 days')).toBeVisible()
  await expect(page.getByRole('region', { name: VERIFY_NOTICE })).toHaveCount(0)
  await expect(page).toHaveURL(/\/profile$/)
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
