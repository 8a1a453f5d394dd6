import { createFileRoute } from '@tanstack/react-router'

import { SignedInOutlet } from '../navigation/SignedInOutlet.tsx'

/**
 * Every page below _authed/ is for signed-in users (admin pages, marked `staticData.adminOnly`,
 * for admins). The router runs the check before the page loads; the layout has it run again when
 * the identity state settles or changes to one the page refuses.
 */
export const Route = createFileRoute('/_authed')({
  // The guard's code (and the messages it toasts) loads with the first signed-in page, not the home page's.
  beforeLoad: async ({ context, location, matches, preload }): Promise<void> => {
    const { requireSignIn } = await import('../navigation/sign-in-guard.ts')
    requireSignIn({ identity: context.identity, location, matches, preload, t: context.i18n.t })
  },
  component: SignedInOutlet,
})
