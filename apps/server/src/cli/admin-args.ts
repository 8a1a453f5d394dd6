import { z } from 'zod'

export const ADMIN_USAGE = [
  'Usage: npm run admin -- grant <email>    give the account(s) with this e-mail the admin role',
  '       npm run admin -- revoke <email>   set them back to the user role',
].join('\n')

/** `grant|revoke <email>`, nothing more. */
export const adminArgs = z
  .tuple([z.enum(['grant', 'revoke']), z.string().trim().pipe(z.email().max(254))])
  .transform(([action, email]) => ({ action, email }))
export type AdminCommand = z.output<typeof adminArgs>

/** The command, or the reason it is not one (shown above the usage). */
export function parseAdminArgs(argv: readonly string[]): { command: AdminCommand } | { problem: string } {
  const parsed = adminArgs.safeParse(argv)
  if (parsed.success) return { command: parsed.data }
  const issue = parsed.error.issues[0]
  if (argv.length !== 2) return { problem: `Expected 2 arguments, got ${argv.length}.` }
  return { problem: issue?.path[0] === 0 ? `Unknown command "${argv[0]}".` : `"${argv[1]}" is not an e-mail address.` }
}
