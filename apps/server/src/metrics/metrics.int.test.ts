import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import { reserveCredits } from '@promptly/api/credits/reservation/reserve-credits'
import { textGeneration } from '@promptly/api/credits/testing/users-with-credits'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'

import { startSweepingReservations } from '../credits/reservation-sweeping.ts'
import { STRIPE_WEBHOOK_PATH } from '../payments/payment-webhook.routes.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'
import type { ServerMetrics } from './server-metrics.ts'
import { scrapeMetrics, type Scrape } from './testing/scrape-metrics.ts'

const LIMIT = 40
const t = useTestApp({
  seed: true,
  fakeAi: true,
  listen: true,
  env: {
    METRICS_PORT: '0',
    LOCAL_CHECKOUT_SECRET: `whsec_${randomBytes(24).toString('base64url')}`,
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    API_KEY_RATE_LIMIT_PER_MINUTE: '1',
  },
})

function metrics(): ServerMetrics {
  const served = t.testApp.services.metrics
  if (!served) throw new Error('METRICS_PORT was set: the app should serve metrics')
  return served
}

const scrape = (): Promise<Scrape> => scrapeMetrics(metrics().port)

type Moved = (name: string, labels?: Record<string, string>) => number

/** Scrapes before and after `act`: how far each series moved while it ran. */
async function movedBy(act: () => Promise<unknown>): Promise<Moved> {
  const before = await scrape()
  await act()
  const after = await scrape()
  return (name, labels) => after.value(name, labels) - before.value(name, labels)
}

const OPENAI = 'openai-compatible'

describe('the metrics listener (METRICS_PORT)', () => {
  it('listens on loopback by default, on a port of its own', () => {
    expect(metrics().host).toBe('127.0.0.1')
    expect(metrics().port).toBeGreaterThan(0)
    expect(metrics().port).not.toBe(Number(new URL(t.baseUrl).port))
  })

  it('serves the default Node and process series', async () => {
    const scraped = await scrape()
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      expect(scraped.families.has(name), name).toBe(true)
    }
    expect(scraped.value('promptly_dependency_up', { dependency: 'database' })).toBe(1)
  })

  it('reports the PostgreSQL pool only when the database is PostgreSQL', async () => {
    const scraped = await scrape()
    const names = [
      'promptly_pg_pool_connections',
      'promptly_pg_pool_idle_connections',
      'promptly_pg_pool_waiting_clients',
    ]
    for (const name of names) expect(scraped.families.has(name), name).toBe(t.db.kind === 'postgres')
    if (t.db.kind === 'postgres') {
      expect(scraped.value('promptly_pg_pool_connections')).toBeGreaterThanOrEqual(1)
      expect(scraped.value('promptly_pg_pool_waiting_clients')).toBe(0)
    }
  })

  it('answers 404 to anything but GET /metrics', async () => {
    const res = await fetch(`http://127.0.0.1:${metrics().port}/health`)
    expect(res.status).toBe(404)
  })
})

describe('/metrics on the public port', () => {
  it('is a 404, like any path the app does not have', async () => {
    const res = await fetch(`${t.baseUrl}/metrics`)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('promptly_')
  })
})

describe('generations', () => {
  it('counts a streamed text generation, its provider latencies and its credits', async () => {
    const ada = await t.signUp()
    const tool = await createGeneratorTool(t.db.prisma)
    const moved = await movedBy(async () => {
      for await (const event of await t.trpc(ada).generation.run.mutate({ toolId: tool.id, groups: bioValues() })) {
        if (event.type === 'done') expect(event.output).not.toBe('')
      }
    })
    const generic = { kind: 'generic', provider: OPENAI }
    expect(moved('promptly_generations_total', { ...generic, outcome: 'succeeded', error_class: 'none' })).toBe(1)
    expect(moved('promptly_generations_total', { outcome: 'failed' })).toBe(0)
    const text = { provider: OPENAI, capability: 'text' }
    expect(moved('promptly_provider_duration_seconds_count', { ...text, outcome: 'succeeded' })).toBe(1)
    expect(moved('promptly_provider_first_chunk_seconds_count', text)).toBe(1)
    expect(moved('promptly_credits_total', { movement: 'reserved' })).toBe(1)
    expect(moved('promptly_credits_total', { movement: 'committed' })).toBe(1)
    expect(moved('promptly_credits_total', { movement: 'refunded' })).toBe(0)
    const run = { procedure: 'generation.run', type: 'mutation' }
    expect(moved('promptly_trpc_procedure_duration_seconds_count', run)).toBe(1)
  })

  it('counts an image generation as succeeded, and a failed speech with its class and refund', async () => {
    const ada = await t.signUp()
    const images = await movedBy(() =>
      t.trpc(ada).generation.image.mutate({ prompt: 'A red bicycle', n: 2, quality: 'standard', style: 'Art' }),
    )
    const image = { kind: 'image', provider: OPENAI }
    expect(images('promptly_generations_total', { ...image, outcome: 'succeeded', error_class: 'none' })).toBe(1)
    expect(images('promptly_provider_duration_seconds_count', { capability: 'images', outcome: 'succeeded' })).toBe(1)
    expect(images('promptly_provider_first_chunk_seconds_count')).toBe(0)
    expect(images('promptly_credits_total', { movement: 'reserved' })).toBe(2)
    expect(images('promptly_credits_total', { movement: 'committed' })).toBe(2)

    t.fakeAi.behaviour.speech = 503
    const speech = await movedBy(() =>
      expect(t.trpc(ada).generation.speech.mutate({ input: 'Hello there', voice: 'alloy' })).rejects.toThrow(),
    )
    const failed = { kind: 'text_to_audio', provider: OPENAI, outcome: 'failed', error_class: 'unavailable' }
    expect(speech('promptly_generations_total', failed)).toBe(1)
    expect(speech('promptly_generations_total', { outcome: 'succeeded' })).toBe(0)
    expect(speech('promptly_provider_duration_seconds_count', { capability: 'speech', outcome: 'failed' })).toBe(1)
    expect(speech('promptly_credits_total', { movement: 'reserved' })).toBe(1)
    expect(speech('promptly_credits_total', { movement: 'refunded' })).toBe(1)
    expect(speech('promptly_credits_total', { movement: 'committed' })).toBe(0)
    const procedure = { procedure: 'generation.speech' }
    expect(speech('promptly_trpc_procedure_errors_total', { ...procedure, code: 'SERVICE_UNAVAILABLE' })).toBe(1)
  })
})

describe('credits granted and payments', () => {
  it('counts the trial grant of a verified account', async () => {
    const moved = await movedBy(() => t.signUp())
    expect(moved('promptly_credits_total', { movement: 'granted' })).toBe(30)
  })

  it("counts a paid checkout's webhook event and the credits it grants, and a refused delivery", async () => {
    const ada = await t.signUp()
    const checkout = await t.trpc(ada).payments.createCheckout.mutate({ plan: 'MONTHLY' })
    const paid = await movedBy(() =>
      t.app.inject({ method: 'POST', url: `/api/payments/local/${checkout.purchaseId}/pay`, headers: ada.bearer }),
    )
    const completed = { type: 'checkout.session.completed', outcome: 'fulfilled' }
    expect(paid('promptly_payment_events_total', completed)).toBe(1)
    expect(paid('promptly_payment_events_total')).toBe(1)
    const { credits } = await t.db.prisma.purchase.findUniqueOrThrow({ where: { id: checkout.purchaseId } })
    expect(paid('promptly_credits_total', { movement: 'granted' })).toBe(credits)

    const forged = await movedBy(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
        payload: JSON.stringify({ id: `evt_${randomUUID()}`, type: 'checkout.session.completed' }),
      })
      expect(res.statusCode).toBe(400)
    })
    expect(forged('promptly_payment_events_total', { type: 'unverified', outcome: 'bad_signature' })).toBe(1)
    expect(forged('promptly_credits_total', { movement: 'granted' })).toBe(0)
  })
})

describe('rate limits', () => {
  it('counts each request refused by the per-client limit, and by an API key allowance', async () => {
    const url = '/api/v1/objects/getCategories'
    const remoteAddress = '198.51.100.77'
    const statuses: number[] = []
    const perClient = await movedBy(async () => {
      for (let call = 0; call < LIMIT + 2; call += 1) {
        statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode)
      }
    })
    expect(statuses.filter((status) => status === 429)).toHaveLength(2)
    expect(perClient('promptly_rate_limit_rejections_total', { limiter: 'client' })).toBe(2)
    const route = { method: 'GET', route: url }
    expect(perClient('http_request_duration_seconds_count', { ...route, status_class: '4xx' })).toBe(2)
    expect(perClient('http_request_duration_seconds_count', { ...route, status_class: '2xx' })).toBe(LIMIT)

    const key = await createTestApiKey(t.app, await t.signUp(), ['read'])
    const perKey = await movedBy(async () => {
      const calls = [1, 2].map(() => t.app.inject({ method: 'GET', url: '/api/v1/limits', headers: key }))
      expect((await Promise.all(calls)).map((res) => res.statusCode).sort()).toEqual([200, 429])
    })
    expect(perKey('promptly_rate_limit_rejections_total', { limiter: 'api_key' })).toBe(1)
    expect(perKey('promptly_rate_limit_rejections_total', { limiter: 'client' })).toBe(0)
  })
})

describe('HTTP requests', () => {
  it('are labelled by route template, with one fixed label for unmatched paths, never the raw URL', async () => {
    const id = randomUUID()
    const moved = await movedBy(async () => {
      await t.app.inject({ method: 'GET', url: `/media/${id}` })
      await t.app.inject({ method: 'GET', url: `/no/such/page/${id}` })
    })
    expect(moved('http_request_duration_seconds_count', { route: '/media/:id', status_class: '4xx' })).toBe(1)
    expect(moved('http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(1)
    const routes = (await scrape()).labelValues('http_request_duration_seconds_count', 'route')
    expect([...routes].filter((route) => route.includes(id))).toEqual([])
  })
})

describe('stored public answers', () => {
  it('are timed too, though they skip every other hook', async () => {
    const url = '/trpc/tools.categories'
    const remoteAddress = '198.51.100.78'
    expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode).toBe(200)
    // The copy of a missed answer is stored once its body has been read.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const moved = await movedBy(async () => {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress })
      expect(res.headers['x-cache']).toBe('hit')
    })
    expect(moved('http_request_duration_seconds_count', { route: '/trpc/:path', status_class: '2xx' })).toBe(1)
  })
})

describe('the catalogue cache', () => {
  it('counts the first read as a miss and the next as a hit', async () => {
    const ada = await t.signUp()
    // Emptied, as a catalogue write leaves it: the next read must load.
    t.testApp.services.caches.catalogue.invalidate()
    const moved = await movedBy(async () => {
      await t.trpc(ada).tools.categories.query()
      await t.trpc(ada).tools.categories.query()
    })
    expect(moved('promptly_cache_lookups_total', { cache: 'catalogue', result: 'miss' })).toBe(1)
    expect(moved('promptly_cache_lookups_total', { cache: 'catalogue', result: 'hit' })).toBe(1)
  })
})

describe('the reservation sweeper', () => {
  it('counts the abandoned reservations it refunds, and their credits', async () => {
    const ada = await t.signUp()
    // Held by an instance whose lease is gone: abandoned at the first sweep.
    await reserveCredits(t.db.prisma, {
      userId: ada.user.id,
      amount: 3,
      generationId: randomUUID(),
      generation: textGeneration,
      instanceId: randomUUID(),
    })
    const moved = await movedBy(async () => {
      const sweeping = await startSweepingReservations(t.db.prisma, t.config.env.ai, quietLog, {
        telemetry: t.testApp.services.telemetry,
      })
      await sweeping.stop()
      expect(sweeping.refundedAtStart).toBe(1)
    })
    expect(moved('promptly_reservation_sweeper_refunds_total')).toBe(1)
    expect(moved('promptly_credits_total', { movement: 'refunded' })).toBe(3)
  })
})

const quietLog = { info: () => undefined, error: () => undefined }
