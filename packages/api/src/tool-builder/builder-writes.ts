import { randomUUID } from 'node:crypto'

import { FORM_NEEDED_MESSAGE } from '@promptly/core/catalogue/tool'
import { builderToolColumns, builtToolSlug } from '@promptly/core/catalogue/tool-builder'
import { AppError, badRequest, forbidden, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'
import type { Db, Prisma as PrismaTypes } from '@promptly/db/client'
import { isUniqueViolation } from '@promptly/db/unique-violation'

import { invalidateCatalogue } from '../catalogue-cache/catalogue-cache.ts'
import type { AuthedContext, Context } from '../context.ts'
import type { BuiltToolInput } from './tool-builder.schema.ts'

/**
 * The one write path of the tool-builder, for an admin's catalogue tools and a user's personal
 * tools alike: the columns come from core's builderToolColumns (so `upcoming` follows the label, as
 * the seed writes it), a taken accoName is a CONFLICT that names the field, and the catalogue cache
 * is invalidated after every write that can change what it holds (see invalidateIfPublished).
 */

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

/**
 * Inserts a new tool with a generated form. `beforeInsert` runs in the same transaction first (the
 * personal tool limit's count, under a lock on the owner's row).
 */
export async function insertBuiltTool(
  db: Db,
  input: BuiltToolInput,
  owner: NewBuiltTool,
  beforeInsert: (tx: PrismaTypes.TransactionClient) => Promise<void> = async () => undefined,
): Promise<{ id: string }> {
  if (input.groups.length === 0) throw badRequest(FORM_NEEDED_MESSAGE)
  const id = randomUUID()
  const data = { ...builderToolColumns(input), id, slug: builtToolSlug(input.name, id), ...owner }
  await withAccoNameCheck(db, input.accoName, () =>
    db.$transaction(async (tx) => {
      await beforeInsert(tx)
      await tx.tool.create({ data, select: { id: true } })
    }),
  )
  if (owner.published) invalidateCatalogue(db)
  return { id }
}

/**
 * Rewrites the builder's columns of the tool `where` picks (its id, plus whose it may be), keeping
 * its kind, owner and catalogue state; answers whether a row was written. A generic tool must keep a
 * form; a dedicated screen (paraphrase, image, ...) may have none.
 */
export async function updateBuiltTool(db: Db, where: BuiltToolScope, input: BuiltToolInput): Promise<boolean> {
  const current = await db.tool.findFirst({ where, select: { kind: true } })
  if (!current) return false
  if (current.kind === 'generic' && input.groups.length === 0) throw badRequest(FORM_NEEDED_MESSAGE)
  const data = builderToolColumns(input)
  const written = await withAccoNameCheck(db, input.accoName, () =>
    db.tool.updateManyAndReturn({ where, data, select: { published: true } }),
  )
  invalidateIfPublished(db, written)
  return written.length > 0
}

/** Whose tool a write may reach: any (an admin), or one of the owner's personal tools. */
export type BuiltToolScope = { id: string } | { id: string; ownerId: string; published: false }

/** Deletes the tool the scope picks; answers whether there was one. */
export async function deleteBuiltTool(db: Db, where: BuiltToolScope): Promise<boolean> {
  const { count } = await db.tool.deleteMany({ where })
  // A personal tool was private when deleted (the scope says so): the cache never held it.
  if (count > 0 && !('published' in where)) invalidateCatalogue(db)
  return count > 0
}

/**
 * The cache holds published tools only, so a write to a tool that was private when written leaves
 * it true, and no user's personal edits clear every instance's cache. The published state is the
 * one the write itself saw (RETURNING), not one read before it; publishing and unpublishing
 * invalidate on their own.
 */
function invalidateIfPublished(db: Db, written: readonly { published: boolean }[]): void {
  if (written.some((row) => row.published)) invalidateCatalogue(db)
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
