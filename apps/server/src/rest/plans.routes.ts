import { z } from 'zod'

import { limitsOutput } from '@promptly/api/credits/limits.schema'
import { createCheckout } from '@promptly/api/payments/create-checkout.handler'
import { createCheckoutOutput } from '@promptly/api/payments/create-checkout.schema'
import { purchaseHistory } from '@promptly/api/payments/history.handler'
import { plansListOutput } from '@promptly/api/plans/plan-offer.schema'
import { listPlans } from '@promptly/api/plans/plans-list.handler'
import { unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import {
  legacyOfferSchema,
  legacyProduct,
  legacyPurchaseSchema,
  toLegacyOffer,
  toLegacyPurchase,
} from './legacy-plan.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { identityCallSchema } from './shared/identity-call-schema.ts'
import { legacyIdentityQuery } from './shared/legacy-identity.ts'

const tags = ['Plans']

const checkoutBody = z.object({ product: legacyProduct })

/** GET /plans: the offers by key, as the legacy client read them (`data.MONTHLY.price`), with showTop beside them. */
const legacyPlans = z.object({
  TOPUP: legacyOfferSchema.optional(),
  MONTHLY: legacyOfferSchema.optional(),
  YEARLY: legacyOfferSchema.optional(),
  showTop: z.boolean().describe('Whether TOPUP is for sale: only while a paid plan runs'),
  current: plansListOutput.shape.current,
})
/** The original computed showTop beside its plan sets, one level up, where its client looked for it. */
const plansAnswer = legacySchema
  .inData(legacyPlans)
  .extend({ showTop: z.boolean().describe('= data.showTop, one level up, where the original client read it') })

/** GET /plans/current: the plan in force in the spec's Limits names and the original's. */
const currentPlan = limitsOutput.extend({
  currentLimit: z.number().int().describe('= current_limit'),
  maxLimit: z.number().int().describe('= max_limit'),
  expairyDate: z
    .date()
    .nullable()
    .describe('(sic) When the plan in force ends: the paid plan, or the trial (null before the e-mail is verified)'),
})

/** The session id at the top level (where the legacy client read it), and everything again in `data`. */
const checkoutAnswer = legacySchema.inData(createCheckoutOutput).extend({ id: z.string(), url: z.string() })

const CHECKOUT_NOTE =
  'The product is the plan as the original client sent it: its key or name as a string, or an offer object ' +
  "(`{ key }`, or `{ name: 'MONTLY' | 'MONTHLY' | 'YEARLY' | 'TOPUP', limit, expairy, price, ... }`; the key " +
  'wins over the name). Only the plan is read: any price, credits or validity in the body is ignored, and the ' +
  "purchase is made at the server's stored price and credits (GET /plans lists them)."

export function registerPlansRoutes(app: RestScope): void {
  registerOfferRoutes(app)
  registerOwnPlanRoutes(app)
}

/** What is for sale, and buying it. */
function registerOfferRoutes(app: RestScope): void {
  app.get(
    '/plans',
    {
      config: { caller: CALLERS.anyoneAsClaimed },
      schema: {
        tags,
        summary: 'The plan offers; signed in, whether TOPUP is offered (only during a paid plan) and your plan',
        querystring: legacyIdentityQuery,
        response: legacyResponses({ 200: plansAnswer }),
      },
    },
    async (req) => {
      const { offers, showTop, current } = await listPlans({ ctx: req.caller })
      const byKey = Object.fromEntries(offers.map((offer) => [offer.key, toLegacyOffer(offer)]))
      return { ...legacy.inData({ ...byKey, showTop, current }), showTop }
    },
  )

  app.post(
    '/payment/create-checkout-session',
    {
      config: { caller: CALLERS.ownAccount },
      schema: {
        tags,
        summary: "Opens a checkout for a plan at the server's price (a price in the body is ignored)",
        description: CHECKOUT_NOTE,
        querystring: legacyIdentityQuery,
        body: checkoutBody,
        response: legacyResponses({ 200: checkoutAnswer }),
      },
    },
    async (req) => {
      const session = await createCheckout({ ctx: signedInCaller(req.caller), input: { plan: req.body.product } })
      return { ...legacy.inData(session), id: session.id, url: session.url }
    },
  )
}

/** The caller's own purchases and the plan in force. */
function registerOwnPlanRoutes(app: RestScope): void {
  // Like /limits: an admin's `?clerkId=` reads that account's purchases (support work), audited as
  // `rest:GET /plans/history`; anyone else naming another account is a 403. Buying a plan above is
  // the caller's own only.
  app.get(
    '/plans/history',
    {
      config: { caller: CALLERS.signedIn() },
      schema: identityCallSchema(
        tags,
        "The caller's purchases, newest first: name, createdAt, validTill, price (dollars), creditOptained, " +
          "status (an admin's clerkId reads that account's, audited)",
        z.array(legacyPurchaseSchema),
      ),
    },
    async (req) => legacy.inData((await purchaseHistory({ ctx: signedInCaller(req.caller) })).map(toLegacyPurchase)),
  )

  // The original's later profile page read the caller's credits here (currentLimit of maxLimit).
  app.get(
    '/plans/current',
    {
      config: { caller: CALLERS.signedIn() },
      schema: identityCallSchema(
        tags,
        "The caller's plan in force and credits (an admin's clerkId reads that account's, audited)",
        currentPlan,
      ),
    },
    async (req) => {
      const { current } = await listPlans({ ctx: signedInCaller(req.caller) })
      if (!current) throw unauthorized(MESSAGES.signInToContinue)
      const { plan, creditsLeft, creditsMax, validTill } = current
      return legacy.inData({
        plan,
        current_limit: creditsLeft,
        max_limit: creditsMax,
        currentLimit: creditsLeft,
        maxLimit: creditsMax,
        expairyDate: validTill,
      })
    },
  )
}
