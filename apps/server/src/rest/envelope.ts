import { z } from 'zod'

import { legacyErrorSchema } from '../errors/legacy-error-envelope.ts'

/**
 * The original backend's status words (its responseCodes.utils): `OK` with a 200, `Inserted` with a
 * 201 (a resource created). Scripts written against it compare them; its failures' word and body are
 * the error envelope's (errors/legacy-error-envelope.ts).
 */
export const LEGACY_STATUS = { ok: 'OK', inserted: 'Inserted' } as const

/**
 * The legacy REST envelope third-party scripts depend on: `{ status, message, data }`.
 * The objects calls carry their payload in `message`; bookmarks, responses, limits and plans in `data`.
 * `created` is the same envelope for a 201.
 */
export const legacy = {
  inMessage: <T>(message: T) => ({ status: LEGACY_STATUS.ok, message }),
  inData: <T>(data: T, message = 'OK') => ({ status: LEGACY_STATUS.ok, message, data }),
  created: {
    inMessage: <T>(message: T) => ({ status: LEGACY_STATUS.inserted, message }),
    inData: <T>(data: T, message: string) => ({ status: LEGACY_STATUS.inserted, message, data }),
  },
}

const okStatus = z.literal(LEGACY_STATUS.ok).describe("The original's word for a 200")
const insertedStatus = z.literal(LEGACY_STATUS.inserted).describe("The original's word for a 201 (created)")

/** The success envelopes' schemas, for route responses (serialized through them) and the OpenAPI document. */
export const legacySchema = {
  inMessage: <T extends z.ZodType>(message: T) => z.object({ status: okStatus, message }),
  inData: <T extends z.ZodType>(data: T) => z.object({ status: okStatus, message: z.string(), data }),
  created: {
    inMessage: <T extends z.ZodType>(message: T) => z.object({ status: insertedStatus, message }),
    inData: <T extends z.ZodType>(data: T) => z.object({ status: insertedStatus, message: z.string(), data }),
  },
}

/** A route's answers: its success envelope(s) by status, and the error envelope for any 4xx or 5xx. */
export function legacyResponses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': legacyErrorSchema, '5xx': legacyErrorSchema }
}

/** The web app's API misses answer with the REST error body; they import the mapping from here. */
export { toLegacyError } from '../errors/legacy-error-envelope.ts'
