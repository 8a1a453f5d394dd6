import { authRouter } from './auth/router.ts'
import { systemRouter } from './system/router.ts'
import { creditsRouter } from './credits/router.ts'
import { toolsRouter } from './tools/router.ts'
import { createCallerFactory, createRouter } from './trpc.ts'

export const appRouter = createRouter({
  system: systemRouter,
  auth: authRouter,
  tools: toolsRouter,
  credits: creditsRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
