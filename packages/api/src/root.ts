import { adminRouter } from './admin/router.ts'
import { apiKeysRouter } from './api-keys/router.ts'
import { authRouter } from './auth/router.ts'
import { bookmarksRouter } from './bookmarks/router.ts'
import { bulkRouter } from './bulk/router.ts'
import { creditsRouter } from './credits/router.ts'
import { generationRouter } from './generation/router.ts'
import { paymentsRouter } from './payments/router.ts'
import { plansRouter } from './plans/router.ts'
import { referralsRouter } from './referrals/router.ts'
import { systemRouter } from './system/router.ts'
import { toolsRouter } from './tools/router.ts'
import { createCallerFactory, createRouter } from './trpc.ts'
import { voicesRouter } from './voices/router.ts'

export const appRouter = createRouter({
  system: systemRouter,
  auth: authRouter,
  tools: toolsRouter,
  bookmarks: bookmarksRouter,
  credits: creditsRouter,
  generation: generationRouter,
  referrals: referralsRouter,
  apiKeys: apiKeysRouter,
  admin: adminRouter,
  plans: plansRouter,
  payments: paymentsRouter,
  bulk: bulkRouter,
  voices: voicesRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
