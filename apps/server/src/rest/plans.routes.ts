import { z } from 'zod'

import { createCheckout } from '@promptly/api/payments/create-checkout.handler'
import { createCheckoutOutput } from '@promptly/api/payments/create-checkout.schema'
import { purchaseHistory } from '@promptly/api/payments/history.handler'
import { historyOutput } from '@promptly/api/payments/history.schema'
import { planKey, planOfferView, plansListOutput } from '@promptly/api/plans/plan-offer.schema'
import { listPlans } from '@promptly/api/plans/plans-list.handler'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { identityCallSchema } from './shared/identity-call-schema.ts'
import { legacyIdentityQuery } from './shared/legacy-identity.ts'

const tags = ['Plans']

/** The legacy client sent the chosen plan as its key or as the whole offer; only the key is read. */
const legacyProduct = z
  .union([
    planKey,
    z.looseObject({ key: planKey }).describe('An offer as GET /plans lists it; its price and credits are ignored'),
  ])
  .transform((product) => (typeof product === 'string' ? product : product.key))
const checkoutBody = z.object({ product: legacyProduct })

/** GET /plans: the offers by key, as the legacy client read them, with showTop beside them. */
const legacyPlans = z.object({
  TOPUP: planOfferView.optional(),
  MONTHLY: planOfferView.optional(),
  YEARLY: planOfferView.optional(),
  showTop: z.boolean(),
  current: plansListOutput.shape.current,
})

/** The session id at the top level (where the legacy client read it), and everything again in `data`. */
const checkoutAnswer = legacySchema.inData(createCheckoutOutput).extend({ id: z.string(), url: z.string() })

export function registerPlansRoutes(app: RestScope): void {
  app.get(
    '/plans',
    {
      config: { caller: CALLERS.anyoneAsClaimed },
      schema: identityCallSchema(
        tags,
        'The plan offers; signed in, whether TOPUP is offered (only during a paid plan) and your plan',
        legacyPlans,
      ),
    },
    async (req) => {
      const { offers, showTop, current } = await listPlans({ ctx: req.caller })
      return legacy.inData({ ...Object.fromEntries(offers.map((offer) => [offer.key, offer])), showTop, current })
    },
  )

  app.post(
    '/payment/create-checkout-session',
    {
      config: { caller: CALLERS.ownAccount },
      schema: {
        tags,
        summary: "Opens a checkout for a plan at the server's price (a price in the body is ignored)",
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

  // Like /limits: an admin's `?clerkId=` reads that account's purchases (support work), audited as
  // `rest:GET /plans/history`; anyone else naming another account is a 403. Buying a plan above is
  // the caller's own only.
  app.get(
    '/plans/history',
    {
      config: { caller: CALLERS.signedIn() },
      schema: identityCallSchema(
        tags,
        "The caller's purchases, newest first: name, created at, valid till, price, credits, status " +
          "(an admin's clerkId reads that account's, audited)",
        historyOutput,
      ),
    },
    async (req) => legacy.inData(await purchaseHistory({ ctx: signedInCaller(req.caller) })),
  )
}
