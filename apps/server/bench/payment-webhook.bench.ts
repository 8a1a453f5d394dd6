/**
 * `npm run bench` (last; skipped without TEST_DATABASE_URL): two server instances on one
 * PostgreSQL database (a scratch one). After a short warm-up, three phases of PURCHASES purchases each:
 * - baseline: each purchase's `checkout.session.completed` delivered once, to one instance;
 * - baseline again, to read the noise floor (baseline vs itself);
 * - contended: the same event delivered DELIVERIES times at once, split between the two instances,
 *   plus an `async_payment_succeeded` for the same purchase.
 * Checks that each purchase granted its credits exactly once and that the ledger sums to the balance;
 * reports the time per delivery (p50, p95, max) as the webhook's caller (Stripe) sees it over HTTP.
 */
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'

import { openDatabase } from '@promptly/db/client'

import { buildApp } from '../src/app.ts'
import { STRIPE_WEBHOOK_PATH } from '../src/payments/payment-webhook.routes.ts'
import { stripeSignatureFor } from '../src/payments/stripe-signature.ts'
import { checkoutEvent } from '../src/payments/testing/payment-events.ts'
import { buildServices } from '../src/services.ts'
import { signUpTestAccount } from '../src/testing/local-accounts.ts'
import { createTestApp } from '../src/testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../src/testing/trpc-http.ts'

const PURCHASES = Number(process.env.BENCH_WEBHOOK_PURCHASES ?? 100)
const WARM_UP = 10
const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10)
const SECRET = `whsec_${randomBytes(24).toString('base64url')}`

async function main(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('payment webhook bench skipped: set TEST_DATABASE_URL (two instances need one PostgreSQL)')
    return
  }
  process.env.TEST_DB = 'postgres'
  const env = { LOCAL_CHECKOUT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '10000000' }
  const first = await createTestApp({ seed: true, env })
  const url = first.db.url
  if (!url) throw new Error('The scratch database has no URL')
  // The second instance: its own pool, config and services, on the same database.
  const db = await openDatabase({ url })
  const services = await buildServices(first.config, db)
  const second = await buildApp({ config: first.config, db, services })
  try {
    const bases = [await listenOnRandomPort(first.app), await listenOnRandomPort(second)]
    const account = await signUpTestAccount(first.app)
    const trpc = trpcClient(bases[0]!, account.bearer)
    const loadBefore = loadavg()
    const phase = async (copies: number, targets: string[], purchases = PURCHASES): Promise<PhaseResult> => {
      const timings: number[] = []
      for (let index = 0; index < purchases; index += 1) {
        const checkout = await trpc.payments.createCheckout.mutate({ plan: index % 2 ? 'YEARLY' : 'MONTHLY' })
        const completed = checkoutEvent('checkout.session.completed', checkout)
        const bodies = Array.from({ length: copies }, () => completed)
        if (copies > 1) bodies.push(checkoutEvent('checkout.session.async_payment_succeeded', checkout))
        await Promise.all(bodies.map((body, at) => deliver(targets[at % targets.length]!, body, timings)))
      }
      return summarise(timings)
    }
    // Unmeasured warm-up (JIT, pools, plan cache on both instances), so the baseline is not the cold start.
    await phase(DELIVERIES, bases, WARM_UP)
    const baseline = await phase(1, [bases[0]!])
    const baselineAgain = await phase(1, [bases[0]!])
    const contended = await phase(DELIVERIES, bases)
    await report(first.db, account.user.id, { baseline, baselineAgain, contended }, loadBefore)
  } finally {
    await second.close()
    await db.close()
    await first.close()
  }
}

async function deliver(base: string, body: string, timings: number[]): Promise<void> {
  const started = performance.now()
  const res = await fetch(`${base}${STRIPE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignatureFor(body, SECRET) },
    body,
  })
  await res.text()
  timings.push(performance.now() - started)
  if (res.status !== 200) throw new Error(`A delivery answered ${res.status}`)
}

interface PhaseResult {
  deliveries: number
  p50: number
  p95: number
  max: number
}

function summarise(timings: number[]): PhaseResult {
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1))
  return { deliveries: sorted.length, p50: at(0.5), p95: at(0.95), max: at(1) }
}

async function report(
  db: Awaited<ReturnType<typeof openDatabase>>,
  userId: string,
  phases: { baseline: PhaseResult; baselineAgain: PhaseResult; contended: PhaseResult },
  loadBefore: number[],
) {
  const purchases = PURCHASES * 3 + WARM_UP
  const grants = await db.prisma.creditEntry.count({ where: { userId, reason: 'purchase' } })
  const paid = await db.prisma.purchase.count({ where: { userId, status: 'paid' } })
  const sum = await db.prisma.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } })
  const user = await db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  const once = grants === purchases && paid === purchases && sum._sum.amount === user.creditBalance
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2))
  console.log(
    JSON.stringify({
      instances: 2,
      purchasesPerPhase: PURCHASES,
      concurrentCopies: DELIVERIES,
      ...phases,
      p95Ratio: { contendedVsBaseline: ratio(phases.contended.p95, phases.baseline.p95) },
      noiseFloor: { p95BaselineAgainVsBaseline: ratio(phases.baselineAgain.p95, phases.baseline.p95) },
      grants,
      paid,
      balance: user.creditBalance,
      ledgerSum: sum._sum.amount,
      grantedOnce: once,
      cores: cpus().length,
      loadavg: { before: loadBefore.map((load) => load.toFixed(2)), after: loadavg().map((l) => l.toFixed(2)) },
    }),
  )
  if (!once) process.exitCode = 1
}

await main()
