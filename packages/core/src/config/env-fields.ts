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
