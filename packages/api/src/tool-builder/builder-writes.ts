import { randomUUID } from 'node:crypto'

import { FORM_NEEDED_MESSAGE } from '@promptly/core/catalogue/tool'
import { builderToolColumns, builtToolSlug } from '@promptly/core/catalogue/tool-builder'
import { AppError, badRequest, forbidden, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import type { Db, Prisma as PrismaTypes } from '@promptly/db/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import type { AuthedContext, Context } from '../context.ts'
import type { BuiltToolInput } from './tool-builder.schema.ts'

/**
 * The one write path of the tool-builder, for an admin's catalogue tools and a user's personal
 * tools alike: the columns come from core's builderToolColumns (so `upcoming` follows the label, as
 * the seed writes it), a taken accoName is a CONFLICT that names the field, and the catalogue cache
 * is invalidated after every write that can change what it holds (see invalidateIfPublished).
 */

/** What a builder write works with: the database, and the caches it invalidates (the context has both). */
export type BuilderWriter = Pick<Context, 'db' | 'caches'>

export const TOOL_NOT_FOUND_MESSAGE = 'Tool not found'

/** The admin check of every builder write that reaches the catalogue, whichever door it came through. */
export function requireAdmin(ctx: Context): asserts ctx is AuthedContext {
  if (!ctx.user) throw unauthorized(MESSAGES.signInToContinue)
  if (!ctx.user.isAdmin) throw forbidden(MESSAGES.cannotAccess)
}

export function accoNameTakenMessage(accoName: string): string {
  return `accoName "${accoName}" is already taken by another tool: choose another`
}

export interface NewBuiltTool {
  ownerId: string
  published: boolean
}

type Tx = PrismaTypes.TransactionClient

/**
 * Inserts a new tool with a generated form. `beforeInsert` runs in the same transaction first, with
 * the new tool's id (the personal tool limit's count under a lock on the owner's row; an admin's
 * audit entry, which lands with the tool or not at all).
 */
export async function insertBuiltTool(
  { db, caches }: BuilderWriter,
  input: BuiltToolInput,
  owner: NewBuiltTool,
  beforeInsert: (tx: Tx, id: string) => Promise<void> = async () => undefined,
): Promise<{ id: string }> {
  if (input.groups.length === 0) throw badRequest(FORM_NEEDED_MESSAGE)
  const id = randomUUID()
  const data = { ...builderToolColumns(input), id, slug: builtToolSlug(input.name, id), ...owner }
  await withAccoNameCheck(db, input.accoName, () =>
    db.$transaction(async (tx) => {
      await beforeInsert(tx, id)
      await tx.tool.create({ data, select: { id: true } })
    }),
  )
  if (owner.published) void caches.catalogue.changed()
  return { id }
}

/**
 * Which tool a write may reach: its id, plus whose it may be (one of the owner's personal tools, or
 * what admin-tool-scope.ts lets an admin reach). The condition is part of the write's own WHERE, so
 * a tool that changes hands or state meanwhile is simply not written.
 */
export type BuiltToolScope = PrismaTypes.ToolWhereInput & { id: string }

/** The tool a write reached, as the write itself saw it (RETURNING): what its audit entry names. */
export const writtenToolSelect = {
  id: true,
  name: true,
  ownerId: true,
  published: true,
} as const satisfies PrismaTypes.ToolSelect
export type WrittenTool = PrismaTypes.ToolGetPayload<{ select: typeof writtenToolSelect }>

/** Runs in the write's transaction once a row was written (an admin's audit entry). */
export type AlongsideWrite = (tx: Tx, tool: WrittenTool) => Promise<void>

const nothingAlongside: AlongsideWrite = async () => undefined

/**
 * Rewrites the builder's columns of the tool `where` picks, keeping its kind, owner and catalogue
 * state; answers the row written, or null when the scope picked none. A generic tool must keep a
 * form; a dedicated screen (paraphrase, image, ...) may have none. `alongside` lands in the same
 * transaction, so an audited write is never stored without its entry, nor the other way round.
 */
export async function updateBuiltTool(
  { db, caches }: BuilderWriter,
  where: BuiltToolScope,
  input: BuiltToolInput,
  alongside: AlongsideWrite = nothingAlongside,
): Promise<WrittenTool | null> {
  const data = builderToolColumns(input)
  const written = await withAccoNameCheck(db, input.accoName, () =>
    db.$transaction(async (tx) => {
      const current = await tx.tool.findFirst({ where, select: { kind: true } })
      if (!current) return null
      if (current.kind === 'generic' && input.groups.length === 0) throw badRequest(FORM_NEEDED_MESSAGE)
      const [row] = await tx.tool.updateManyAndReturn({ where, data, select: writtenToolSelect })
      if (row) await alongside(tx, row)
      return row ?? null
    }),
  )
  invalidateIfPublished(caches, written)
  return written
}

/**
 * Deletes the tool the scope picks; answers the row deleted, or null when there was none. The row
 * is locked before it is read, so the state read (in the scope or not, published or not) is the one
 * deleted: a publish at the same moment waits, and the cache is cleared when it held the tool.
 */
export async function deleteBuiltTool(
  { db, caches }: BuilderWriter,
  where: BuiltToolScope,
  alongside: AlongsideWrite = nothingAlongside,
): Promise<WrittenTool | null> {
  const deleted = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM tools WHERE id = ${where.id}::uuid FOR UPDATE`
    const row = await tx.tool.findFirst({ where, select: writtenToolSelect })
    if (!row) return null
    await tx.tool.delete({ where: { id: row.id }, select: { id: true } })
    await alongside(tx, row)
    return row
  })
  invalidateIfPublished(caches, deleted)
  return deleted
}

/**
 * The cache holds published tools only, so a write to a tool that was private when written leaves
 * it true, and no user's personal edits clear every instance's cache. The published state is the
 * one the write itself saw, not one read before it; publishing and unpublishing invalidate on their
 * own.
 */
function invalidateIfPublished(caches: BuilderWriter['caches'], written: { published: boolean } | null): void {
  if (written?.published) void caches.catalogue.changed()
}

async function withAccoNameCheck<T>(db: Db, accoName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    // The unique index decides (two builders saving one name at once cannot both win); the look-up
    // only tells an accoName clash from any other refusal, which is not the user's to fix.
    if (isUniqueViolation(error) && (await db.tool.count({ where: { accoName } })) > 0) {
      throw new AppError('CONFLICT', accoNameTakenMessage(accoName))
    }
    throw error
  }
}
