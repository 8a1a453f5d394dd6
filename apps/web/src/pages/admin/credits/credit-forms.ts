import { z } from 'zod'

import { ADMIN_CREDITS_MAX, ADMIN_GRANT_MAX_DAYS, adminNote } from '@promptly/api/admin/credits-grant.schema'

import type { AdminText } from '../useAdminText.ts'

/*
 * The credit dialogs' rules, checked before anything is sent: the server's limits (its own constants)
 * with messages, in the page's language, that tell the admin what to type, shown next to each field.
 */

/** A number field's value as Mantine's NumberInput gives it: a number, or '' while empty. */
export type NumberField = number | string

interface NumberRules {
  missing: string
  min: number
  tooSmall: string
  max: number
  tooLarge: string
}

function wholeNumber({ t }: AdminText, { missing, min, tooSmall, max, tooLarge }: NumberRules) {
  return z.number({ error: missing }).int(t('admin.credits.errors.wholeNumber')).min(min, tooSmall).max(max, tooLarge)
}

function credits(text: AdminText, change: 'add' | 'revoke') {
  const { t, format } = text
  return wholeNumber(text, {
    missing:
      change === 'add' ? t('admin.credits.errors.creditsMissingAdd') : t('admin.credits.errors.creditsMissingRevoke'),
    min: 1,
    tooSmall:
      change === 'add' ? t('admin.credits.errors.creditsTooFewAdd') : t('admin.credits.errors.creditsTooFewRevoke'),
    max: ADMIN_CREDITS_MAX,
    tooLarge: t('admin.credits.errors.creditsTooMany', { max: format.number(ADMIN_CREDITS_MAX) }),
  })
}

export function addCreditsForm(text: AdminText) {
  const { t, format } = text
  return z.object({
    credits: credits(text, 'add'),
    days: wholeNumber(text, {
      missing: t('admin.credits.errors.daysMissing'),
      min: 1,
      tooSmall: t('admin.credits.errors.daysTooFew'),
      max: ADMIN_GRANT_MAX_DAYS,
      tooLarge: t('admin.credits.errors.daysTooMany', { max: format.number(ADMIN_GRANT_MAX_DAYS) }),
    }),
    note: adminNote,
  })
}
export type AddCreditsForm = z.output<ReturnType<typeof addCreditsForm>>

export function revokeCreditsForm(text: AdminText) {
  return z.object({ credits: credits(text, 'revoke'), note: adminNote })
}
export type RevokeCreditsForm = z.output<ReturnType<typeof revokeCreditsForm>>

/** How long granted credits last unless the admin says otherwise: a month. */
export const DEFAULT_GRANT_DAYS = 30
