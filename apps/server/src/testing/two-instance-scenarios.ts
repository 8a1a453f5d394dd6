import { randomUUID } from 'node:crypto'
import { TRPCClientError } from '@trpc/client'

import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { BUILDER_DRAFT_VALUES, builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import type { Db } from '@promptly/db/client'

import { changeRole } from '../cli/change-role.ts'
import { STRIPE_WEBHOOK_PATH } from '../payments/payment-webhook.routes.ts'
import { stripeSignatureFor } from '../payments/stripe-signature.ts'
import { checkoutEvent } from '../payments/testing/payment-events.ts'
import { callOn, signUpOn, trpcOn, type Origin, type ProcessAccount } from './process-client.ts'
import type { TwoInstanceCluster } from './two-instance-cluster.ts'

/**
 * What the two-instance suite checks and the two-instance bench measures, written once: each
 * scenario acts through both real processes and returns what it saw; the suite asserts on it, the
 * bench prints it.
 */

/** An account made admin the operator's way (`npm run admin -- grant <email>`), signed in on `origin`. */
export async function adminOn(cluster: TwoInstanceCluster, origin: Origin): Promise<ProcessAccount> {
  const admin = await signUpOn(origin, 'Cluster Admin')
  await changeRole(cluster.db.prisma, { action: 'grant', email: admin.email })
  return admin
}

/**
 * A new account signed up on the first instance, granted `credits` for 30 days by `admin` through the
 * admin console on the second (each instance sees the other's writes).
 */
export async function fundedAccountOn(
  cluster: TwoInstanceCluster,
  admin: ProcessAccount,
  name: string,
  credits: number,
): Promise<ProcessAccount> {
  const account = await signUpOn(cluster.instances[0], name)
  await trpcOn(cluster.instances[1], admin).admin.credits.grant.mutate({ userId: account.user.id, credits, days: 30 })
  return account
}

/** A catalogue tool made in the admin tool-builder on `origin` (it costs one credit per run). */
export async function builtToolOn(origin: Origin, admin: ProcessAccount): Promise<{ id: string; name: string }> {
  const draft = builderDraft()
  const { id } = await trpcOn(origin, admin).admin.tools.create.mutate(draft)
  return { id, name: draft.name }
}

/** The form values of builtToolOn's tools; a `topic` of its own lets a held AI answer pick the run out. */
export const toolValues = (topic?: string) =>
  topic ? [[topic, ...(BUILDER_DRAFT_VALUES[0] ?? []).slice(1)]] : BUILDER_DRAFT_VALUES

/** The balance and what the ledger sums to, read from the shared database. */
export async function ledgerOf(db: Db, userId: string): Promise<{ balance: number; ledgerSum: number }> {
  const [user, sum] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { creditBalance: true } }),
    db.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } }),
  ])
  return { balance: user.creditBalance, ledgerSum: sum._sum.amount ?? 0 }
}

export type RunOutcome = { ok: true } | { ok: false; code: string | undefined; message: string }

/** One `generation.run` through tRPC's streaming link, as the browser makes it, read to its end. */
export async function runGeneration(
  origin: Origin,
  account: ProcessAccount,
  toolId: string,
  groups = toolValues(),
): Promise<RunOutcome> {
  try {
    let last: GenerationEvent | undefined
    for await (const event of await trpcOn(origin, account).generation.run.mutate({ toolId, groups })) last = event
    if (last?.type !== 'done') return { ok: false, code: undefined, message: `the stream ended on ${last?.type}` }
    return { ok: true }
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string } | undefined
      return { ok: false, code: data?.code, message: error.message }
    }
    return { ok: false, code: undefined, message: error instanceof Error ? error.message : String(error) }
  }
}

export interface ConcurrentRuns {
  succeeded: number
  /** Each refusal's code and message, with how many got it. */
  refusals: Map<string, number>
  balance: number
  ledgerSum: number
}

/**
 * `count` generations for one account, all at once, alternating between the two instances, against
 * whatever balance the account has; waits for every one to finish.
 */
export async function runGenerationsAcrossInstances(
  cluster: TwoInstanceCluster,
  account: ProcessAccount,
  toolId: string,
  count: number,
): Promise<ConcurrentRuns> {
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, index) => runGeneration(cluster.instances[index % 2]!, account, toolId)),
  )
  const refusals = new Map<string, number>()
  for (const outcome of outcomes) {
    if (outcome.ok) continue
    const key = `${outcome.code ?? 'no code'}: ${outcome.message}`
    refusals.set(key, (refusals.get(key) ?? 0) + 1)
  }
  return {
    succeeded: outcomes.filter((outcome) => outcome.ok).length,
    refusals,
    ...(await ledgerOf(cluster.db.prisma, account.user.id)),
  }
}

/** Posts a webhook body to `origin` as Stripe does: raw JSON and its Stripe-Signature. */
export async function deliverWebhook(origin: Origin, body: string, secret: string): Promise<Response> {
  return callOn(origin, STRIPE_WEBHOOK_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': await stripeSignatureFor(body, secret),
    },
    body,
  })
}

export interface ReplayedWebhook {
  statuses: number[]
  /** The webhook's answers (`fulfilled`, `duplicate`, ...), sorted. */
  outcomes: string[]
  /** Purchase grants in the ledger for the purchase. */
  grants: number
  purchaseStatus: string
  credits: number
  balance: number
  ledgerSum: number
}

/** A pending purchase and the body of the `checkout.session.completed` event Stripe would send for it. */
export interface OpenedCheckout {
  purchaseId: string
  /** The credits the plan grants once paid. */
  credits: number
  body: string
}

/**
 * A checkout of the MONTHLY plan for `userId`, its pending purchase written as createCheckout writes
 * it once Stripe has opened the session (the instances never call Stripe: there is no network here).
 */
export async function openStripeCheckout(prisma: Db, userId: string): Promise<OpenedCheckout> {
  const {
    id: planOfferId,
    key: planKey,
    ...offer
  } = await prisma.planOffer.findUniqueOrThrow({
    where: { key: 'MONTHLY' },
    select: { id: true, key: true, name: true, priceCents: true, currency: true, credits: true },
  })
  const sessionId = `cs_test_${randomUUID()}`
  const purchase = await prisma.purchase.create({
    data: { ...offer, planOfferId, planKey, userId, provider: 'stripe', checkoutSessionId: sessionId },
  })
  const body = checkoutEvent('checkout.session.completed', { purchaseId: purchase.id, id: sessionId })
  return { purchaseId: purchase.id, credits: offer.credits, body }
}

/**
 * One paid checkout of the MONTHLY plan for `account` (openStripeCheckout), its completed event
 * delivered `times` times to each instance, all at once.
 */
export async function replayPaymentWebhook(
  cluster: TwoInstanceCluster,
  account: ProcessAccount,
  times: number,
): Promise<ReplayedWebhook> {
  const { prisma } = cluster.db
  const { purchaseId, credits, body } = await openStripeCheckout(prisma, account.user.id)
  const answers = await Promise.all(
    cluster.instances.flatMap((instance) =>
      Array.from({ length: times }, () => deliverWebhook(instance, body, cluster.settings.webhookSecret)),
    ),
  )
  const outcomes = await Promise.all(answers.map(async (res) => ((await res.json()) as { outcome?: string }).outcome))
  const [grants, paid] = await Promise.all([
    prisma.creditEntry.count({ where: { userId: account.user.id, reason: 'purchase' } }),
    prisma.purchase.findUniqueOrThrow({ where: { id: purchaseId }, select: { status: true } }),
  ])
  return {
    statuses: answers.map((res) => res.status),
    outcomes: outcomes.map((outcome) => outcome ?? 'none').sort(),
    grants,
    purchaseStatus: paid.status,
    credits,
    ...(await ledgerOf(prisma, account.user.id)),
  }
}

/** The names a signed-out visitor of `origin` sees in a category. */
export async function categoryNamesOn(origin: Origin, category: string): Promise<string[]> {
  const cards = await trpcOn(origin, null).tools.byCategory.query({ category })
  return cards.map((card) => card.name)
}

/** The builder's tools are filed under this category (builderDraft). */
export const BUILT_TOOLS_CATEGORY = 'Email Tools'

/**
 * Makes a tool on the first instance and polls the second, whose category list is cached (read just
 * before), until it lists the tool. Returns the milliseconds from the first instance's answer to the
 * second's listing, or null when the second did not list it within `withinMs`.
 */
export async function toolChangeServedAfter(
  cluster: TwoInstanceCluster,
  admin: ProcessAccount,
  withinMs: number,
): Promise<{ servedAfterMs: number | null; listedBefore: boolean }> {
  const [maker, server] = cluster.instances
  const draft = builderDraft()
  const listedBefore = (await categoryNamesOn(server, BUILT_TOOLS_CATEGORY)).includes(draft.name)
  await trpcOn(maker, admin).admin.tools.create.mutate(draft)
  const made = performance.now()
  while (performance.now() - made <= withinMs) {
    if ((await categoryNamesOn(server, BUILT_TOOLS_CATEGORY)).includes(draft.name)) {
      return { servedAfterMs: performance.now() - made, listedBefore }
    }
  }
  return { servedAfterMs: null, listedBefore }
}
