/** User-facing texts from the spec (sections 5 and 8), kept in one place for client and server. */
export const MESSAGES = {
  signInToContinue: 'Please Signin to continue',
  loginToContinue: 'Login to continue...',
  cannotAccess: 'Cannot access ',
  signInToBookmark: 'Please sign in to bookmark this template',
  signInToViewBookmarks: 'Please sign in to view your bookmarks',
  bookmarkAdded: 'Bookmark added!',
  bookmarkRemoved: 'Bookmark removed!',
  comingSoon: 'Coming Soon...',
  copied: 'Copied to Clipboard',
  copyFailed: 'Failed to copy',
  wrongCredentials: 'Incorrect e-mail or password',
  emailTaken: 'An account with this e-mail already exists',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  trialPlan: 'You are currently on trial plan for 7 days',
  trialEnded: 'Your 7-day trial has ended. Upgrade your plan to keep generating.',
  weakPasswordPrefix: 'Choose a stronger password: ',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Your current password is not correct',
  emailAlreadyVerified: 'Your e-mail address is already verified',
  tooManySignUps: 'Too many sign-ups from your network. Try again later.',
  tooManyResetRequests: 'Too many reset requests for this address. Try again later.',
  planError: 'Error Occured activating account',
  verifyToBuy: 'Verify your e-mail address before buying a plan',
  topUpNeedsPlan: 'A top-up adds credits to a running plan: buy a monthly or yearly plan first',
  planUnavailable: 'This plan is not available',
  paymentsNotSetUp: 'Payments are not set up on this server',
  creditsAdded: 'Added Credits',
  creditsAddFailed: 'Failed to add credits',
} as const

/** A resend of the verification mail asked for too soon (the server counts the seconds). */
export function resendWaitMessage(seconds: number): string {
  return `Please wait ${seconds} seconds before asking for another e-mail`
}
