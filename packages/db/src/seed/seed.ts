import { z } from 'zod'

import { isUpcoming, toolSlug, toolWriteInput, type ToolWriteInput } from '@promptly/core/catalogue/tool'

import plansData from '../../../../prisma/seed/plans.json' with { type: 'json' }
import toolsData from '../../../../prisma/seed/tools.json' with { type: 'json' }
import type { Database } from '../client.ts'
import { PlanKey } from '../generated/prisma/enums.ts'
import { toolIdForSlug } from './tool-id-for-slug.ts'

export interface SeedOptions {
  log?: (msg: string) => void
}

/** A tool of the seed catalogue: what the builder would save, plus the slug that keeps it unique. */
export type SeedTool = ToolWriteInput & { slug: string; id: string }

const planSeed = z.object({
  key: z.enum(PlanKey),
  name: z.string().trim().min(1),
  priceCents: z.number().int().positive(),
  currency: z.string().regex(/^[a-z]{3}$/),
  credits: z.number().int().positive(),
  /** Null for TOPUP: it lasts as long as the buyer's paid plan. */
  validityDays: z.number().int().positive().nullable(),
})
export type SeedPlan = z.infer<typeof planSeed>

/** Another key than the migration lock's: seeding runs after migrating, never inside it. */
const SEED_LOCK_KEY = 72707370

/**
 * Loads the catalogue (prisma/seed/tools.json) and the plan offers (prisma/seed/plans.json).
 * Idempotent: tools are matched by slug and plans by key, created when missing, tools updated only
 * when they differ from the seed data, so a second run writes nothing (not even updated_at). A seeded
 * tool edited in the builder is put back to the seed's version: seed data is the source of truth
 * for the tools it names. Plan offers are only created: once they exist, their prices belong to the
 * admins, and a restart must not undo an edit. All data is validated before the first write.
 */
export async function seed(db: Database, opts: SeedOptions = {}): Promise<{ tools: number; plans: number }> {
  const log = opts.log ?? (() => undefined)
  const tools = seedTools()
  const plans = seedPlans()
  return db.raw.withLock(SEED_LOCK_KEY, async () => {
    const toolChanges = await upsertTools(db, tools)
    const planChanges = await upsertPlans(db, plans)
    log(`Seeded ${tools.length} tools (${toolChanges.created} new, ${toolChanges.updated} updated)`)
    log(`Seeded ${plans.length} plans (${planChanges.created} new, ${planChanges.updated} updated)`)
    return { tools: tools.length, plans: plans.length }
  })
}

/** The seed catalogue, checked against the same schema the tool-builder's input goes through. */
export function seedTools(): SeedTool[] {
  const tools = (toolsData as unknown[]).map((entry, index) => {
    const slug = z.object({ slug: toolSlug }).safeParse(entry)
    if (!slug.success) throw new Error(`Seed tool #${index + 1} has no valid slug: ${z.prettifyError(slug.error)}`)
    const tool = toolWriteInput.safeParse(entry)
    if (!tool.success) throw new Error(`Seed tool ${slug.data.slug} is invalid:\n${z.prettifyError(tool.error)}`)
    return { ...tool.data, slug: slug.data.slug, id: toolIdForSlug(slug.data.slug) }
  })
  assertUnique(
    tools.map((tool) => tool.slug),
    'tool slug',
  )
  return tools
}

export function seedPlans(): SeedPlan[] {
  const plans = z.array(planSeed).parse(plansData)
  assertUnique(
    plans.map((plan) => plan.key),
    'plan key',
  )
  return plans
}

interface Changes {
  created: number
  updated: number
}

async function upsertTools(db: Database, tools: SeedTool[]): Promise<Changes> {
  const existing = await db.prisma.tool.findMany({ where: { slug: { in: tools.map((tool) => tool.slug) } } })
  const existingBySlug = new Map(existing.map((row) => [row.slug, row]))
  const missing = []
  const changed = []
  for (const tool of tools) {
    const data = toolRow(tool)
    const row = existingBySlug.get(tool.slug)
    if (!row) missing.push(data)
    else if (!sameValues(row, data)) changed.push(data)
  }
  // One insert for a fresh database; skipDuplicates because a seeder running at the same time
  // elsewhere may just have inserted the same rows.
  if (missing.length > 0) await db.prisma.tool.createMany({ data: missing, skipDuplicates: true })
  for (const data of changed) {
    // A differing id (a tool made by hand under this slug) moves to the derived one; the foreign
    // keys cascade on update, so its bookmarks and generations follow.
    await db.prisma.tool.update({ where: { slug: data.slug }, data })
  }
  return { created: missing.length, updated: changed.length }
}

function toolRow(tool: SeedTool) {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    accoName: tool.accoName,
    description: tool.description,
    tagLine: tool.tagLine,
    logo: tool.logo,
    labels: tool.labels,
    groupBy: tool.groupBy,
    groups: tool.groups,
    faq: tool.faq,
    kind: tool.kind,
    upcoming: isUpcoming(tool.labels),
  }
}

async function upsertPlans(db: Database, plans: SeedPlan[]): Promise<Changes> {
  const existing = await db.prisma.planOffer.findMany({ where: { key: { in: plans.map((plan) => plan.key) } } })
  const existingKeys = new Set(existing.map((row) => row.key))
  const missing = plans.filter((plan) => !existingKeys.has(plan.key))
  if (missing.length > 0) await db.prisma.planOffer.createMany({ data: missing, skipDuplicates: true })
  return { created: missing.length, updated: 0 }
}

/** Whether `row` already holds every value of `data` (JSON compared by content: jsonb reorders keys). */
function sameValues(row: object, data: object): boolean {
  const stored = row as Record<string, unknown>
  return Object.entries(data).every(([key, value]) => canonicalJson(stored[key]) === canonicalJson(value))
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  )
}

function assertUnique(values: string[], what: string): void {
  const seen = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Seed data has the ${what} ${value} twice`)
    seen.add(value)
  }
}
