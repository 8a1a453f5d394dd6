import { TRPCError } from '@trpc/server'
import { expect } from 'vitest'

import type { Db } from '@promptly/db/client'

import type { SignedInUser } from '../../context.ts'
import { callerFor, createTestUser } from '../../testing/test-caller.ts'

export type Caller = ReturnType<typeof callerFor>

/** The tRPC code a call failed with (or a text saying it did not fail with a TRPCError). */
export async function trpcCodeOf(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`
}

/** The same account with admin rights, as the server grants them (by role or a verified ADMIN_EMAILS address). */
export function asAdmin(user: SignedInUser): SignedInUser {
  return { ...user, isAdmin: true }
}

/** The admin console's rule for one procedure: UNAUTHORIZED signed out, FORBIDDEN for a plain user. */
export async function expectAdminOnly(
  db: Db,
  plainUser: SignedInUser,
  call: (caller: Caller) => Promise<unknown>,
): Promise<void> {
  expect(plainUser.isAdmin).toBe(false)
  expect(await trpcCodeOf(call(callerFor(db, null)))).toBe('UNAUTHORIZED')
  expect(await trpcCodeOf(call(callerFor(db, plainUser)))).toBe('FORBIDDEN')
}

/** Two stored accounts most admin tests need: an admin, and a plain user to be refused. */
export async function adminAndPlainUser(db: Db): Promise<{ admin: SignedInUser; plain: SignedInUser }> {
  return { admin: asAdmin(await createTestUser(db, 'Admin')), plain: await createTestUser(db, 'Plain') }
}
