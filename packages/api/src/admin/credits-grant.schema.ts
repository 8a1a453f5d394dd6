import { z } from 'zod'

import { noControlCharacters } from '@promptly/core/text/control-characters'

import { ledgerEntry } from '../credits/ledger.schema.ts'

/** The most one admin action may grant or take back: far above any pack, low enough to catch a typo. */
export const ADMIN_CREDITS_MAX = 100_000
/** Granted credits last at most ten years. */
export const ADMIN_GRANT_MAX_DAYS = 3650
export const ADMIN_NOTE_MAX_LENGTH = 500

export const adminCredits = z.number().int().min(1).max(ADMIN_CREDITS_MAX)

/** Why the admin acted, kept in the audit log; one line of text. */
export const adminNote = z
  .string()
  .trim()
  .max(ADMIN_NOTE_MAX_LENGTH)
  .check(noControlCharacters('A note must be a single line of text'))
  .default('')

export const creditsGrantInput = z.object({
  userId: z.uuid(),
  credits: adminCredits,
  /** How long the credits last from now; what is unspent then expires. */
  days: z.number().int().min(1).max(ADMIN_GRANT_MAX_DAYS),
  note: adminNote,
})
export type CreditsGrantInput = z.output<typeof creditsGrantInput>

/** The account's credits after the change, in the Limits' names. */
export const adminCreditsAfter = z.object({
  /** The audit entry that records the action; a ledger entry it made has its id as reference. */
  auditId: z.string(),
  current_limit: z.number().int(),
  max_limit: z.number().int(),
})

export const creditsGrantOutput = adminCreditsAfter.extend({ entry: ledgerEntry })
export type CreditsGrantOutput = z.infer<typeof creditsGrantOutput>
