import { z } from 'zod'

import { ADMIN_CREDITS_MAX, ADMIN_GRANT_MAX_DAYS, adminNote } from '@promptly/api/admin/credits-grant.schema'

import { formatCount } from '../admin-format.ts'

/*
 * The credit dialogs' rules, checked before anything is sent: the server's limits (its own constants)
 * with messages that tell the admin what to type, shown next to each field.
 */

/** A number field's value as Mantine's NumberInput gives it: a number, or '' while empty. */
export type NumberField = number | string

function wholeNumber(missing: string, min: number, tooSmall: string, max: number, tooLarge: string) {
  return z.number({ error: missing }).int('Use a whole number').min(min, tooSmall).max(max, tooLarge)
}

const credits = (verb: string) =>
  wholeNumber(
    `Enter how many credits to ${verb}`,
    1,
    `${verb === 'add' ? 'Add' : 'Take back'} at least 1 credit`,
    ADMIN_CREDITS_MAX,
    `At most ${formatCount(ADMIN_CREDITS_MAX)} credits at a time`,
  )

export const addCreditsForm = z.object({
  credits: credits('add'),
  days: wholeNumber(
    'Enter for how many days the credits are valid',
    1,
    'The credits must be valid for at least 1 day',
    ADMIN_GRANT_MAX_DAYS,
    `At most ${formatCount(ADMIN_GRANT_MAX_DAYS)} days (ten years)`,
  ),
  note: adminNote,
})
export type AddCreditsForm = z.output<typeof addCreditsForm>

export const revokeCreditsForm = z.object({ credits: credits('take back'), note: adminNote })
export type RevokeCreditsForm = z.output<typeof revokeCreditsForm>

/** How long granted credits last unless the admin says otherwise: a month. */
export const DEFAULT_GRANT_DAYS = 30
