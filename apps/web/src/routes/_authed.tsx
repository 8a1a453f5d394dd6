import { createFileRoute } from '@tanstack/react-router'

import { requireSignIn } from '../navigation/sign-in-guard.ts'
import { SignedInOutlet } from '../navigation/SignedInOutlet.tsx'

/**
 * Every page below _authed/ is for signed-in users (admin pages, marked `staticData.adminOnly`,
 * for admins). The router runs the check before the page loads; the layout has it run again when
 * the identity state settles or changes to one the page refuses.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location, matches, preload }): void =>
    requireSignIn({ identity: context.identity, location, matches, preload }),
  component: SignedInOutlet,
})
