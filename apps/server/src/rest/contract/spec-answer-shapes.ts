import { expect } from 'vitest'
import { z } from 'zod'

/**
 * The answers of the spec's call table (section 7) as the legacy client and third-party scripts read
 * them: the fields of section 3, by name and type. Written from the spec and the original product's
 * source (BigwigMediaAI/Bigwigmedia_Backend and BigwigMediaAI/bigwigmedia), never from what Promptly
 * answers today. Objects are not strict: a field beyond the spec's is allowed, a missing or
 * mistyped one is not.
 */

/**
 * The original's success words. Bigwigmedia_Backend's utils.js/responseCodes.utils.js sends
 * `status: 'OK'` from response_200 and `status: 'Inserted'` from response_201 (controllers that
 * build the body themselves write the same word, e.g. controllers/user.controllers.js
 * `status: "OK"`).
 */
const ORIGINAL_OK = 'OK'
const ORIGINAL_INSERTED = 'Inserted'

/** A 200 whose payload nobody reads: only the word. */
export const ok = z.object({ status: z.literal(ORIGINAL_OK) })

/** A 200 whose payload is `message` (the /objects calls: response_200(res, payload)). */
export const okWithMessage = <T extends z.ZodType>(message: T) => z.object({ status: z.literal(ORIGINAL_OK), message })

/** A 200 whose payload is `data` (response_200(res, words, payload)). */
export const okWithData = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(ORIGINAL_OK), message: z.string(), data })

/** A 201 whose payload is `message` (addObjectOnce: response_201(res, newObject)). */
export const insertedWithMessage = <T extends z.ZodType>(message: T) =>
  z.object({ status: z.literal(ORIGINAL_INSERTED), message })

/**
 * A link the client loads from elsewhere (an <img>, a download, a script on another machine): a
 * path alone would resolve against the wrong host.
 */
export const absoluteHttpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/i.test(value) && URL.canParse(value), 'not an absolute http(s) URL')

/** A date as JSON carries it (an ISO string): what the Transaction History table prints. */
const dateText = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not a date')

const id = z.string().min(1)

/**
 * Spec section 3, Tool / object, as the catalogue lists it: the fields of the card the client renders
 * (bigwigmedia src/pages/Landing.tsx `interface Card`: _id, name, description, logo, labels, tagLine).
 */
export const specToolCard = z.object({
  _id: id,
  name: z.string().min(1),
  description: z.string(),
  tagLine: z.string(),
  logo: absoluteHttpUrl,
  labels: z.array(z.string()),
})

/** A card for a signed-in caller also says whether it is bookmarked (spec section 3, isBookmarked). */
export const specSignedInToolCard = specToolCard.extend({ isBookmarked: z.boolean() })

/** Spec section 3, Form element (the builder reads and writes all of these: src/pages/Form.tsx). */
export const specFormElement = z.object({
  text: z.string(),
  placeholder: z.string(),
  gpt: z.string(),
  type: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
})

/**
 * Spec section 7, getObject's message.object: name, accoName, description, templete, labels, groupBy,
 * groups, faq, logo (read one by one by src/pages/Form.tsx getData), with _id and tagLine (section 3).
 */
export const specToolDetail = z.object({
  _id: id,
  name: z.string().min(1),
  accoName: z.string().min(1),
  description: z.string(),
  templete: z.string(),
  tagLine: z.string(),
  logo: absoluteHttpUrl,
  labels: z.array(z.string()),
  groupBy: z.string(),
  groups: z.array(z.array(specFormElement)),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
})

/** Spec section 3, Similar tool: _id, accoName, name, logo (the Related Tools strip). */
export const specSimilarTool = z.object({ _id: id, accoName: z.string(), name: z.string(), logo: absoluteHttpUrl })

/**
 * Spec section 3, Bookmark: tool objects with _id, name, logo; the original also sent description
 * (Bigwigmedia_Backend controllers/bookmarks.controllers.js selects "name logo description labels").
 */
export const specBookmark = z.object({
  _id: id,
  name: z.string().min(1),
  logo: absoluteHttpUrl,
  description: z.string(),
  labels: z.array(z.string()),
})

/**
 * Spec section 3, Plan offer: expairy (days valid), price (dollars, src/pages/Plan.tsx), limit
 * (credits), as Bigwigmedia_Backend enums/plan.enums.js listed each plan; TOPUP's expairy was -1
 * ("till current plan is active"), a number like the others.
 */
export const specPlanOffer = z.object({ expairy: z.number(), price: z.number(), limit: z.number().int() })

/** Spec section 7, GET /plans: data with TOPUP, YEARLY, MONTHLY and a showTop flag. */
export const specPlans = z.object({
  TOPUP: specPlanOffer,
  YEARLY: specPlanOffer,
  MONTHLY: specPlanOffer,
  showTop: z.boolean(),
})

/** Spec section 3, Limits (Bigwigmedia_Backend models/users.models.js getLimits). */
export const specLimits = z.object({
  plan: z.string().min(1),
  current_limit: z.number().int(),
  max_limit: z.number().int(),
})

/** Spec section 3, Admin user row. */
export const specAdminUserRow = z.object({
  clerkId: z.string().min(1),
  name: z.string(),
  email: z.string(),
  current_limit: z.number().int(),
  _id: id,
})

/**
 * Spec section 3, Transaction (Bigwigmedia_Backend models/token.model.js getPlansDetails; the
 * profile's Transaction History table prints each field: src/pages/Profile.tsx).
 */
export const specTransaction = z.object({
  name: z.string().min(1),
  createdAt: dateText,
  validTill: dateText,
  price: z.number(),
  creditOptained: z.number().int(),
})

/**
 * `path: problem` for each way the value misses the shape, so a failure names the field. A list's
 * items are folded into one line per field (`message.*.logo: … (in 49 items)`).
 */
function issuesOf(error: z.ZodError): string[] {
  const counts = new Map<string, number>()
  for (const issue of error.issues) {
    const path = issue.path.map((segment) => (typeof segment === 'number' ? '*' : String(segment))).join('.')
    const line = `${path || '(answer)'}: ${issue.message}`
    counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  return [...counts].map(([line, count]) => (count > 1 ? `${line} (in ${count} items)` : line))
}

/**
 * Expects `value` to have the shape, failing with every missing or mistyped field by name (and the
 * start of the answer), and returns it typed.
 */
export function expectShape<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value)
  const problems = parsed.success ? [] : issuesOf(parsed.error)
  expect(problems, `${what} answered ${JSON.stringify(value)?.slice(0, 600)}`).toEqual([])
  return schema.parse(value)
}
