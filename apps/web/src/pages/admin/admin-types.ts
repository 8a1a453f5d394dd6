import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'

import type { AppRouter } from '@promptly/api/root'

/** What the admin procedures answer and take, as the router infers them (never written out again). */
type AdminOutputs = inferRouterOutputs<AppRouter>['admin']
type AdminInputs = inferRouterInputs<AppRouter>['admin']

export type UsersPage = AdminOutputs['users']['list']
export type AdminUser = UsersPage['users'][number]
export type UserDetail = AdminOutputs['users']['detail']
export type LedgerEntry = UserDetail['ledger'][number]
export type UserGeneration = UserDetail['generations'][number]
export type UserPurchase = UserDetail['purchases'][number]
export type AuditEntry = AdminOutputs['audit']['list']['entries'][number]
/** The account's credits after a grant or a revoke. */
export type CreditsAfter = Pick<AdminOutputs['credits']['grant'], 'current_limit' | 'max_limit'>
/** A revoke's answer: the credits after it, and how many it really took (never below zero). */
export type CreditsRevoked = AdminOutputs['credits']['revoke']
export type PlanOffer = AdminOutputs['plans']['list'][number]
export type PlanUpdate = AdminInputs['plans']['update']
export type Stats = AdminOutputs['stats']
export type StatsDay = Stats['days'][number]
export type StatsTool = Stats['topTools'][number]
