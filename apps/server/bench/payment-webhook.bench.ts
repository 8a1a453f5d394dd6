/**
 * `npm run bench` (last; skipped without TEST_DATABASE_URL): two server instances on one
 * PostgreSQL database (a scratch one), and every purchase's `checkout.session.completed` delivered
 * DELIVERIES times at once, split between the two instances, plus an `async_payment_succeeded` for
 * the same purchase. Checks that each purchase granted its credits exactly once and that every
 * ledger sums to its balance; reports the time per delivery (p50, p95, max) as the webhook's caller
 * (Stripe) sees it over HTTP.
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

const PURCHASES = Number(process.env.BENCH_WEBHOOK_PURCHASES ?? 40)
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
    const timings: number[] = []
    const started = performance.now()
    for (let index = 0; index < PURCHASES; index += 1) {
      const checkout = await trpc.payments.createCheckout.mutate({ plan: index % 2 ? 'YEARLY' : 'MONTHLY' })
      const completed = checkoutEvent('checkout.session.completed', checkout)
      const succeeded = checkoutEvent('checkout.session.async_payment_succeeded', checkout)
      const bodies = [...Array.from({ length: DELIVERIES }, () => completed), succeeded]
      await Promise.all(bodies.map((body, at) => deliver(bases[at % 2]!, body, timings)))
    }
    const elapsed = performance.now() - started
    await report(first.db, account.user.id, timings, elapsed)
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
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureFor(body, SECRET) },
    body,
  })
  await res.text()
  timings.push(performance.now() - started)
  if (res.status !== 200) throw new Error(`A delivery answered ${res.status}`)
}

async function report(db: Awaited<ReturnType<typeof openDatabase>>, userId: string, timings: number[], ms: number) {
  const grants = await db.prisma.creditEntry.count({ where: { userId, reason: 'purchase' } })
  const paid = await db.prisma.purchase.count({ where: { userId, status: 'paid' } })
  const sum = await db.prisma.creditEntry.aggregate({ where: { userId }, _sum: { amount: true } })
  const user = await db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1)
  const once = grants === PURCHASES && paid === PURCHASES && sum._sum.amount === user.creditBalance
  console.log(
    JSON.stringify({
      instances: 2,
      purchases: PURCHASES,
      deliveries: timings.length,
      grants,
      paid,
      balance: user.creditBalance,
      ledgerSum: sum._sum.amount,
      grantedOnce: once,
      deliveryMs: { p50: at(0.5), p95: at(0.95), max: at(1) },
      totalMs: ms.toFixed(0),
      cores: cpus().length,
      loadavg: loadavg().map((load) => load.toFixed(2)),
    }),
  )
  if (!once) process.exitCode = 1
}

await main()
