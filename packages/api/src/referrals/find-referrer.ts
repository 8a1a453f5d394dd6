import { z } from 'zod'

import { hasControlCharacter } from '@promptly/core/text/unsafe-characters'
import type { Db } from '@promptly/db/client'

const userId = z.uuid()

/**
 * The referrer a legacy share link names in `reffered`: its clerkId (what every legacy call
 * carries) or its internal id (what the web app's links carry). Null when no account matches; text
 * with control characters matches none without reaching the database, which refuses NUL.
 */
export async function findReferrerId(db: Db, reffered: string): Promise<string | null> {
  if (reffered === '' || hasControlCharacter(reffered)) return null
  const asId = userId.safeParse(reffered)
  const user = await db.user.findFirst({
    where: asId.success ? { OR: [{ id: asId.data }, { clerkId: reffered }] } : { clerkId: reffered },
    select: { id: true },
  })
  return user?.id ?? null
}
