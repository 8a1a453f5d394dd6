import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

/** The signed-in account as stored, plus the admin decision made once per request. */
export type SignedInUser = User & { isAdmin: boolean }

/** Everything a handler may use. Built per request by the server (tRPC and REST alike). */
export interface Context {
  db: Db
  user: SignedInUser | null
  requestId: string
}

export type AuthedContext = Context & { user: SignedInUser }
