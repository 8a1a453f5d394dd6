import { authRouter } from './auth/router.ts'
import { creditsRouter } from './credits/router.ts'
import { toolsRouter } from './tools/router.ts'
import { createCallerFactory, createRouter } from './trpc.ts'

export const appRouter = createRouter({
  auth: authRouter,
  tools: toolsRouter,
  credits: creditsRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
