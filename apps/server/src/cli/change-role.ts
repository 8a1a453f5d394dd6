import { recordAudit } from '@promptly/api/audit/record-audit'
import type { CacheBus } from '@promptly/api/caching/cache-bus'
import { notifyInTransaction } from '@promptly/api/caching/postgres-cache-bus'
import type { Db } from '@promptly/db/client'

import type { AdminCommand } from './admin-args.ts'

export class NoAccountError extends Error {
  override name = 'NoAccountError'
}

export interface RoleChange {
  role: 'admin' | 'user'
  /** The accounts with the address (a local account and a Clerk one may share it), as they were. */
  accounts: { id: string; name: string; clerkId: string; previousRole: 'admin' | 'user' }[]
}

/**
 * An operator's grant or revoke: every account whose e-mail is the given one (letter case aside)
 * gets the role, and each change is audited (no actor: the operator has no account here) in the
 * same transaction, so a role never changes without its entry.
 *
 * `bus`: the cache bus of a server instance in this same process (tests), whose identity cache then
 * forgets the accounts at once too; the command line has none, and keeps no caches of its own.
 */
export async function changeRole(
  db: Db,
  { action, email }: AdminCommand,
  bus?: Pick<CacheBus, 'publishInTransaction'>,
): Promise<RoleChange> {
  const role = action === 'grant' ? 'admin' : 'user'
  return db.$transaction(async (tx) => {
    const users = await tx.user.findMany({
      where: { email: { equals: email, mode: 'insensitive' } },
      select: { id: true, name: true, clerkId: true, role: true },
      orderBy: { createdAt: 'asc' },
    })
    if (users.length === 0) throw new NoAccountError(`No account has the e-mail ${email}.`)
    for (const user of users) {
      await tx.user.update({ where: { id: user.id }, data: { role } })
      // Running servers believe a signed-in account for a few seconds: a revoked admin is not. Every
      // server's identity cache forgets the account when the transaction commits.
      if (bus) await bus.publishInTransaction(tx, 'user', user.id)
      else await notifyInTransaction(tx, 'user', user.id)
      await recordAudit(tx, {
        actorId: null,
        action: action === 'grant' ? 'role.grant' : 'role.revoke',
        targetUserId: user.id,
        details: { via: 'cli', email, previousRole: user.role },
      })
    }
    return { role, accounts: users.map(({ role: previousRole, ...user }) => ({ ...user, previousRole })) }
  })
}

/** The one line the CLI prints. */
export function describeRoleChange(email: string, change: RoleChange): string {
  const count = change.accounts.length === 1 ? '1 account' : `${change.accounts.length} accounts`
  const names = change.accounts.map((account) => account.name || account.clerkId).join(', ')
  const verb = change.role === 'admin' ? 'Granted admin to' : 'Revoked admin from'
  return `${verb} ${email} (${count}: ${names}).`
}
