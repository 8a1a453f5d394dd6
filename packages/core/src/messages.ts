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
} as const
