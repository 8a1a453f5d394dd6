import { z } from 'zod'

/** Text with its blanks trimmed; empty (a variable set to nothing) counts as unset. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** A URL whose scheme matches `protocol` (for example /^https?$/); empty counts as unset. */
export function optionalUrl(protocol: RegExp) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol }).optional())
}

/** Most personal (unpublished) tools one user may keep, unless PERSONAL_TOOL_LIMIT says otherwise. */
export const DEFAULT_PERSONAL_TOOL_LIMIT = 20

/** PERSONAL_TOOL_LIMIT: a whole number; 0 keeps the tool-builder to admins. */
export const personalToolLimit = z.coerce.number().int().min(0).max(10_000).default(DEFAULT_PERSONAL_TOOL_LIMIT)
