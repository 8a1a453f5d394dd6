import type { TRPCClient } from '@trpc/client'

import type { AppRouter } from '@promptly/api/root'
import { SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { nextClientAddress, signUpOn, trpcOn, type Origin } from '../src/testing/process-client.ts'
import { trpcClient } from '../src/testing/trpc-http.ts'
import type { TwoInstanceCluster } from '../src/testing/two-instance-cluster.ts'
import {
  adminOn,
  builtToolOn,
  deliverWebhook,
  openStripeCheckout,
  toolValues,
} from '../src/testing/two-instance-scenarios.ts'
import type { Flow, RequestLog } from './soak-schedule.ts'
import { REQUEST_CEILING_MS, SOAK_FLOW_RATES, SOAK_USER_CREDITS, SOAK_USERS, SOAK_VISITORS } from './soak-settings.ts'

type Client = TRPCClient<AppRouter>

/** Who calls and what they call: set up once through the proxy, before the clock starts. */
export interface SoakWorld {
  users: Client[]
  visitors: Client[]
  categories: string[]
  toolIds: string[]
  /** The tool the generations run (made in the admin tool-builder). */
  generatorId: string
  /** Each user's bookmark state per tool, as last asked for: a toggle asks for the opposite. */
  bookmarked: Map<string, boolean>[]
}

const SEARCH_TERMS = ['seo', 'email', 'blog', 'write', 'instagram', 'resume', 'ad', 'story', 'zzz-nothing', 'social']

/**
 * An admin, a tool to generate with, SOAK_USERS funded users and SOAK_VISITORS signed-out visitors,
 * each a tRPC client with an address of its own (the per-client limits count per person, as in
 * production); the seeded catalogue's categories and tool ids.
 */
export async function setUpWorld(proxy: Origin, cluster: TwoInstanceCluster): Promise<SoakWorld> {
  const admin = await adminOn(cluster, proxy)
  const generator = await builtToolOn(proxy, admin)
  const adminClient = trpcOn(proxy, admin)
  const users: Client[] = []
  for (let index = 0; index < SOAK_USERS; index += 1) {
    const account = await signUpOn(proxy, `Soak User ${index + 1}`)
    await adminClient.admin.credits.grant.mutate({ userId: account.user.id, credits: SOAK_USER_CREDITS, days: 30 })
    users.push(trpcClient(proxy.url, { ...account.bearer, 'x-forwarded-for': nextClientAddress() }))
  }
  const visitors = Array.from({ length: SOAK_VISITORS }, () =>
    trpcClient(proxy.url, { 'x-forwarded-for': nextClientAddress() }),
  )
  const catalogue = trpcOn(proxy, null)
  const categories = await catalogue.tools.categories.query()
  const toolIds = (await catalogue.tools.byCategory.query({ category: categories[0] ?? 'All Tools' })).map(
    (card) => card.id,
  )
  if (toolIds.length === 0) throw new Error('the seeded catalogue lists no tool')
  return {
    users,
    visitors,
    categories,
    toolIds,
    generatorId: generator.id,
    bookmarked: users.map(() => new Map()),
  }
}

const pick = <T>(list: readonly T[], arrival: number): T => list[arrival % list.length]!
const ceiling = () => ({ signal: AbortSignal.timeout(REQUEST_CEILING_MS) })

/** A catalogue read as the pages make them: the category list, one category's cards, one tool. */
async function readCatalogue(client: Client, world: SoakWorld, arrival: number): Promise<void> {
  const step = arrival % 3
  if (step === 0) await client.tools.categories.query(undefined, ceiling())
  else if (step === 1) await client.tools.byCategory.query({ category: pick(world.categories, arrival) }, ceiling())
  else await client.tools.get.query({ id: pick(world.toolIds, arrival * 7) }, ceiling())
}

/** A streamed generation read to its end, as the browser reads it; anything but `done` last is a failure. */
async function generate(client: Client, world: SoakWorld, arrival: number): Promise<void> {
  const groups = toolValues(`Spring sale ${arrival}`)
  let last: string | undefined
  let chunks = 0
  for await (const event of await client.generation.run.mutate({ toolId: world.generatorId, groups }, ceiling())) {
    last = event.type
    if (event.type === 'chunk') chunks += 1
  }
  if (last !== 'done') throw new Error(`the stream ended on ${last ?? 'nothing'} after ${chunks} chunks`)
}

async function toggleBookmark(client: Client, states: Map<string, boolean>, toolId: string): Promise<void> {
  const wanted = !(states.get(toolId) ?? false)
  states.set(toolId, wanted)
  const answer = await client.bookmarks.set.mutate({ toolId, bookmarked: wanted }, ceiling())
  if (answer.bookmarked !== wanted) throw new Error(`asked for bookmarked ${wanted}, got ${answer.bookmarked}`)
}

/**
 * A new buyer signs up (`sign_up`) and pays for the monthly plan: the checkout opened as Stripe would
 * open it, then its signed `checkout.session.completed` delivered through the proxy (`payment`),
 * which must fulfil it.
 */
async function buy(proxy: Origin, cluster: TwoInstanceCluster, log: RequestLog, arrival: number): Promise<void> {
  let buyerId: string | undefined
  await log.time('sign_up', async () => {
    buyerId = (await signUpOn(proxy, `Soak Buyer ${arrival}`)).user.id
  })
  const buyer = buyerId
  if (buyer === undefined) return
  // Timed with the checkout's one insert (a millisecond or two), so that a failure there counts too.
  await log.time('payment', async () => {
    const { body } = await openStripeCheckout(cluster.db.prisma, buyer)
    const res = await deliverWebhook(proxy, body, cluster.settings.webhookSecret)
    const answer = (await res.json()) as { outcome?: string }
    if (res.status !== 200 || answer.outcome !== 'fulfilled')
      throw new Error(`webhook answered ${res.status} ${answer.outcome ?? JSON.stringify(answer)}`)
  })
}

/** The mix (SOAK_FLOW_RATES), each flow timing its requests into `log`. */
export function soakFlows(proxy: Origin, cluster: TwoInstanceCluster, world: SoakWorld, log: RequestLog): Flow[] {
  const user = (arrival: number) => arrival % world.users.length
  const runs: Record<keyof typeof SOAK_FLOW_RATES, (arrival: number) => Promise<void>> = {
    catalogue_out: (n) => log.time('catalogue_out', () => readCatalogue(pick(world.visitors, n), world, n)),
    catalogue_in: (n) => log.time('catalogue_in', () => readCatalogue(world.users[user(n)]!, world, n)),
    search: (n) =>
      log.time('search', async () => {
        const client = n % 2 === 0 ? pick(world.visitors, n) : world.users[user(n)]!
        await client.tools.search.query({ text: pick(SEARCH_TERMS, n) }, ceiling())
      }),
    bookmark: (n) =>
      log.time('bookmark', () =>
        toggleBookmark(world.users[user(n)]!, world.bookmarked[user(n)]!, pick(world.toolIds, n * 5)),
      ),
    generation: (n) => log.time('generation', () => generate(world.users[user(n)]!, world, n)),
    image: (n) =>
      log.time('image', async () => {
        const answer = await world.users[user(n)]!.generation.image.mutate(
          { prompt: `A lighthouse at dawn, take ${n}`, n: 1, quality: 'standard', style: 'Photo' },
          ceiling(),
        )
        if (answer.images.length !== 1) throw new Error(`asked for 1 image, got ${answer.images.length}`)
      }),
    speech: (n) =>
      log.time('speech', async () => {
        await world.users[user(n)]!.generation.speech.mutate(
          { input: `Welcome to the spring sale, listener ${n}.`, voice: pick(SPEECH_VOICES, n) },
          ceiling(),
        )
      }),
    payment: (n) => buy(proxy, cluster, log, n),
  }
  return Object.entries(SOAK_FLOW_RATES).map(([name, perSecond]) => ({
    name,
    perSecond,
    run: runs[name as keyof typeof SOAK_FLOW_RATES],
  }))
}
