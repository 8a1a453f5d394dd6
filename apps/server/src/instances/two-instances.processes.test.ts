import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ABANDONED_GENERATION_ERROR } from '@promptly/api/credits/reservation/reservation-sweeper'
import { notEnoughCredits } from '@promptly/api/credits/reservation/reserve-credits'
import { CREDIT_COSTS } from '@promptly/core/credits/costs'
import { readMigrationFiles } from '@promptly/db/migrate/migration-files'
import { DEFAULT_MIGRATIONS_DIR } from '@promptly/db/repo-paths'

import { ACCOUNT_LINK_PATHS } from '../identity/local/account-mail.ts'
import {
  callOn,
  nextClientAddress,
  signInOn,
  signUpOn,
  trpcOn,
  viewerOn,
  type ProcessAccount,
} from '../testing/process-client.ts'
import { startTwoInstanceCluster, sweepersLeader, type TwoInstanceCluster } from '../testing/two-instance-cluster.ts'
import {
  adminOn,
  builtToolOn,
  ledgerOf,
  replayPaymentWebhook,
  runGeneration,
  runGenerationsAcrossInstances,
  toolChangeServedAfter,
  toolValues,
} from '../testing/two-instance-scenarios.ts'

const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/**
 * Two real server processes (the built apps/server entry) on one fresh PostgreSQL database, one
 * Redis, one S3-compatible bucket and one SMTP server, as README's "Several instances" runs them:
 * what one instance does, the other must see.
 * Runs with `npm run test:instances` in apps/server (after `npm run build`) when both
 * TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
describe.runIf(postgresUrl && redisUrl)('two server processes on one PostgreSQL, Redis, bucket and SMTP', () => {
  let cluster: TwoInstanceCluster
  let admin: ProcessAccount
  let tool: { id: string; name: string }
  const first = () => cluster.instances[0]
  const second = () => cluster.instances[1]

  beforeAll(async () => {
    cluster = await startTwoInstanceCluster({ postgresUrl: postgresUrl!, redisUrl: redisUrl! })
    admin = await adminOn(cluster, first())
    tool = await builtToolOn(first(), admin)
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** Credits an account through the admin console on the second instance; returns the new balance. */
  async function grant(account: ProcessAccount, credits: number): Promise<number> {
    await trpcOn(second(), admin).admin.credits.grant.mutate({ userId: account.user.id, credits, days: 30 })
    return (await ledgerOf(cluster.db.prisma, account.user.id)).balance
  }

  it('start together on an empty database: both migrate, seed, hold a lease and are ready', async () => {
    for (const instance of cluster.instances) {
      const res = await callOn(instance, '/ready')
      expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } })
    }
    expect(await cluster.db.prisma.serverInstance.count()).toBe(2)
    // Each committed migration applied once, though both raced for it.
    const applied = await cluster.db.raw.query<{ name: string }>(
      'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL ' +
        'ORDER BY migration_name COLLATE "C"',
    )
    const committed = await readMigrationFiles(DEFAULT_MIGRATIONS_DIR)
    expect(applied.map((row) => row.name)).toEqual(committed.map((file) => file.name))
    expect(await cluster.db.prisma.planOffer.count({ where: { key: 'MONTHLY' } })).toBe(1)
  })

  it('a session made on one works on the other, both ways', async () => {
    const ada = await signUpOn(first(), 'Ada')
    expect(await viewerOn(second(), ada.cookie)).toMatchObject({ id: ada.user.id, email: ada.email })
    const again = await signInOn(second(), ada)
    expect(await viewerOn(first(), again.cookie)).toMatchObject({ id: ada.user.id })
  })

  it('share one rate-limit allowance: the N+1st request, on the other instance, is refused', async () => {
    const from = nextClientAddress()
    const limit = cluster.settings.rateLimitPerMinute
    const statuses: number[] = []
    for (let index = 0; index < limit; index += 1) {
      statuses.push((await callOn(cluster.instances[index % 2]!, '/api/v1/plans', { from })).status)
    }
    expect(statuses).toEqual(Array(limit).fill(200))
    const other = cluster.instances[limit % 2]!
    expect((await callOn(other, '/api/v1/plans', { from })).status).toBe(429)
    expect((await callOn(cluster.instances[(limit + 1) % 2]!, '/api/v1/plans', { from })).status).toBe(429)
  })

  it('an image made on one lands in the bucket as a JPEG; the other serves it to its owner alone', async () => {
    const ada = await signUpOn(first(), 'Ada')
    await grant(ada, CREDIT_COSTS.image.standard)
    const { images } = await trpcOn(first(), ada).generation.image.mutate({
      prompt: 'A lighthouse at dusk',
      n: 1,
      quality: 'standard',
      style: 'Art',
    })
    const image = images[0]!
    const row = await cluster.db.prisma.storedMedia.findUniqueOrThrow({ where: { id: image.id } })
    const stored = await cluster.s3.object(row.storageKey)
    expect(stored?.contentType).toBe('image/jpeg')
    // The provider sent a PNG: what the bucket holds was re-encoded (JPEG's start-of-image marker).
    expect(stored?.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
    expect(stored?.body.length).toBe(row.bytes)

    // The second instance has a data folder of its own: the bucket is the only place it can read this from.
    const served = await callOn(second(), image.url, { headers: { cookie: ada.cookie } })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored?.body)
    const bob = await signUpOn(second(), 'Bob')
    expect((await callOn(second(), image.url, { headers: { cookie: bob.cookie } })).status).toBe(404)
    expect((await callOn(second(), image.url)).status).toBe(404)
  })

  it('a sign-up on one mails its verification link over SMTP; following it on the other verifies', async () => {
    const ada = await signUpOn(first(), 'Ada')
    await expect.poll(() => cluster.mail.deliveredTo(ada.email).length).toBe(1)
    const { mail, envelopeTo } = cluster.mail.deliveredTo(ada.email)[0]!
    expect(envelopeTo).toEqual([ada.email])
    expect(mail.from?.text).toBe('"Promptly" <no-reply@promptly.test>')
    expect(mail.subject).toBe('Confirm your e-mail address for Promptly')
    const linked = new RegExp(`https?://[^\\s/]+${ACCOUNT_LINK_PATHS.verifyEmail}\\?token=[\\w-]+`).exec(
      mail.text ?? '',
    )
    expect(linked).not.toBeNull()
    expect(mail.html).toContain(`href="${linked![0]}"`)

    expect(await viewerOn(first(), ada.cookie)).toMatchObject({ emailVerified: false })
    // The link names APP_URL; behind the load balancer, the other instance may be the one that answers it.
    const link = new URL(linked![0])
    const opened = await callOn(second(), `${link.pathname}${link.search}`, { redirect: 'manual' })
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe('/profile?verified=1')
    expect(await viewerOn(second(), ada.cookie)).toMatchObject({ emailVerified: true })
    // The first had this session's account cached (it answered /api/auth/me above): the change reaches it.
    await expect.poll(() => viewerOn(first(), ada.cookie)).toMatchObject({ emailVerified: true })
  })

  it('a tool created on one is listed by the other within 1 s, though the other had the list cached', async () => {
    // The requirement itself is a time: the other instance's cache lives 30 s, the broadcast must beat it.
    const { servedAfterMs, listedBefore } = await toolChangeServedAfter(cluster, admin, 1_000)
    expect(listedBefore).toBe(false)
    expect(servedAfterMs).not.toBeNull()
  })

  it('the same payment webhook, 10 times to each instance at once, grants the credits once', async () => {
    const ada = await signUpOn(second(), 'Ada')
    const replay = await replayPaymentWebhook(cluster, ada, 10)
    expect(replay.statuses).toEqual(Array(20).fill(200))
    expect(replay.outcomes).toEqual([...Array(19).fill('duplicate'), 'fulfilled'])
    expect(replay).toMatchObject({ grants: 1, purchaseStatus: 'paid', balance: replay.credits })
    expect(replay.ledgerSum).toBe(replay.balance)
  })

  it('200 concurrent generations across both: exactly balance / cost succeed, the rest are refused', async () => {
    const ada = await signUpOn(first(), 'Ada')
    const balance = await grant(ada, 37)
    const cost = CREDIT_COSTS.text
    const runs = await runGenerationsAcrossInstances(cluster, ada, tool.id, 200)
    const allowed = Math.floor(balance / cost)
    expect(runs.succeeded).toBe(allowed)
    // Every refusal saw the balance already spent down below the cost: the spec's out-of-credits text.
    const leftover = balance - allowed * cost
    expect(runs.refusals).toEqual(
      new Map([[`PAYMENT_REQUIRED: ${notEnoughCredits(cost, leftover).message}`, 200 - allowed]]),
    )
    expect(runs.balance).toBe(leftover)
    expect(runs.ledgerSum).toBe(runs.balance)
    const generations = await cluster.db.prisma.generation.groupBy({
      by: ['status'],
      where: { userId: ada.user.id },
      _count: true,
    })
    expect(generations).toEqual([{ status: 'succeeded', _count: allowed }])
  })

  it("a generation on the sweepers' leader, SIGKILLed, is refunded by the other, which takes the lead", async () => {
    // The harder case: the instance that dies is the one that sweeps, so the other must take the lead first.
    await expect.poll(() => sweepersLeader(cluster), { timeout: 60_000, interval: 100 }).not.toBeNull()
    const victim = (await sweepersLeader(cluster))!
    const survivor = cluster.instances.find((instance) => instance !== victim)!
    const ada = await signUpOn(survivor, 'Ada')
    const balance = await grant(ada, 5)
    const marker = `hold-${randomUUID()}`
    const held = cluster.ai.holdNext(marker)
    const running = runGeneration(victim, ada, tool.id, toolValues(marker))
    // The AI has the request: the credits are reserved, and the reservation names the victim's lease.
    await held
    const reservation = await cluster.db.prisma.generation.findFirstOrThrow({
      where: { userId: ada.user.id, status: 'reserved' },
      select: { id: true, instanceId: true },
    })
    expect(reservation.instanceId).not.toBeNull()
    expect(await ledgerOf(cluster.db.prisma, ada.user.id)).toEqual({ balance: balance - 1, ledgerSum: balance - 1 })

    await victim.kill()
    expect(await running).toMatchObject({ ok: false })
    // PostgreSQL ends the dead process's sessions and frees the lock; the survivor's next sweep takes
    // the lead and, once the victim's lease has lapsed, refunds its reservation.
    await expect
      .poll(() => cluster.db.prisma.generation.findUniqueOrThrow({ where: { id: reservation.id } }), {
        timeout: 60_000,
        interval: 100,
      })
      .toMatchObject({ status: 'failed', error: ABANDONED_GENERATION_ERROR })
    expect(await ledgerOf(cluster.db.prisma, ada.user.id)).toEqual({ balance, ledgerSum: balance })
    const refunds = await cluster.db.prisma.creditEntry.findMany({
      where: { userId: ada.user.id, reason: 'refund' },
      select: { amount: true, reference: true },
    })
    expect(refunds).toEqual([{ amount: 1, reference: reservation.id }])
    expect(await cluster.db.prisma.serverInstance.findUnique({ where: { id: reservation.instanceId! } })).toBeNull()
    expect(await sweepersLeader(cluster)).toBe(survivor)
    expect((await callOn(survivor, '/ready')).status).toBe(200)
  })
})
