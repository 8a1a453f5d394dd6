import type { TRPCRouterRecord } from '@trpc/server'

import {
  adminToolIdInput,
  adminUpdateToolInput,
  builtToolInput,
  builtToolView,
  createdToolOutput,
  deletedToolOutput,
  publishToolInput,
  publishToolOutput,
} from '../tool-builder/tool-builder.schema.ts'
import { adminProcedure } from '../trpc.ts'
import { listAudit } from './audit-list.handler.ts'
import { auditListInput, auditListOutput } from './audit-list.schema.ts'
import { adminGrantCredits } from './credits-grant.handler.ts'
import { creditsGrantInput, creditsGrantOutput } from './credits-grant.schema.ts'
import { adminRevokeCredits } from './credits-revoke.handler.ts'
import { creditsRevokeInput, creditsRevokeOutput } from './credits-revoke.schema.ts'
import { listPlansForAdmin } from './plans-list.handler.ts'
import { updatePlan } from './plans-update.handler.ts'
import { adminPlanOffer, adminPlansListOutput, plansUpdateInput } from './plans-update.schema.ts'
import { adminStats } from './stats.handler.ts'
import { statsInput, statsOutput } from './stats.schema.ts'
import { adminCreateTool } from './tools-create.handler.ts'
import { adminDeleteTool } from './tools-delete.handler.ts'
import { adminGetTool } from './tools-get.handler.ts'
import { adminPublishTool } from './tools-publish.handler.ts'
import { adminUpdateTool } from './tools-update.handler.ts'
import { userDetail } from './users-detail.handler.ts'
import { usersDetailInput, usersDetailOutput } from './users-detail.schema.ts'
import { listUsers } from './users-list.handler.ts'
import { usersListInput, usersListOutput } from './users-list.schema.ts'

/** The admin console's procedures: FORBIDDEN for anyone but an admin, UNAUTHORIZED signed out. */
export const adminRouter = {
  audit: {
    /** Who did what to whose account, newest first; optionally about one account only. */
    list: adminProcedure.input(auditListInput).output(auditListOutput).query(listAudit),
  },
  users: {
    /** Every account, searched, sorted and paged; with plan, credits, role and last activity. */
    list: adminProcedure.input(usersListInput).output(usersListOutput).query(listUsers),
    /** One account with its latest ledger entries, generations and purchases. */
    detail: adminProcedure.input(usersDetailInput).output(usersDetailOutput).query(userDetail),
  },
  credits: {
    /** Credits that expire after the days given; audited, the ledger entry names the audit entry. */
    grant: adminProcedure.input(creditsGrantInput).output(creditsGrantOutput).mutation(adminGrantCredits),
    /** Takes credits back, never below zero; audited. */
    revoke: adminProcedure.input(creditsRevokeInput).output(creditsRevokeOutput).mutation(adminRevokeCredits),
  },
  plans: {
    /** Every offer, those off sale too. */
    list: adminProcedure.output(adminPlansListOutput).query(listPlansForAdmin),
    /** Price, credits, validity or whether it is on sale; audited. */
    update: adminProcedure.input(plansUpdateInput).output(adminPlanOffer).mutation(updatePlan),
  },
  /** Per-day generations, credits spent, sign-ups, revenue and failures, and the top tools. */
  stats: adminProcedure.input(statsInput).output(statsOutput).query(adminStats),
  /**
   * The tool-builder for the catalogue: tools made here are published at once. Every write is
   * audited; a user's private tool is reached only with a `reason` (tool-builder/admin-tool-scope.ts).
   */
  tools: {
    create: adminProcedure.input(builtToolInput).output(createdToolOutput).mutation(adminCreateTool),
    /** A catalogue tool or the admin's own; a user's private one with a reason. Owner and catalogue state stay. */
    update: adminProcedure.input(adminUpdateToolInput).output(builtToolView).mutation(adminUpdateTool),
    delete: adminProcedure.input(adminToolIdInput).output(deletedToolOutput).mutation(adminDeleteTool),
    get: adminProcedure.input(adminToolIdInput).output(builtToolView).query(adminGetTool),
    /** Puts a user's personal tool into the catalogue (with a reason), or takes a built tool back out to its owner. */
    publish: adminProcedure.input(publishToolInput).output(publishToolOutput).mutation(adminPublishTool),
  },
} satisfies TRPCRouterRecord
