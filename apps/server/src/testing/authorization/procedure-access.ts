import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'

/** Who a procedure is for. */
export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in account, acting for itself. */
  | 'signed-in'
  /** The account that owns the resource the input names (every other account is told it does not exist). */
  | 'owner'
  /** Admins only. */
  | 'admin'

/** The callers of the matrix: the owner of the fixtures (`user`), another plain account, an admin. */
export const CALLERS = ['anonymous', 'user', 'otherUser', 'admin'] as const
export type CallerName = (typeof CALLERS)[number]

export type Outcome = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND'

/**
 * The outcome per caller for each kind of access. An admin reaching someone else's generation, key or
 * personal tool through the user's own procedures is just another account: the admin console has
 * procedures of its own for what admins may see.
 */
export const EXPECTED: Record<Access, Record<CallerName, Outcome>> = {
  public: { anonymous: 'ok', user: 'ok', otherUser: 'ok', admin: 'ok' },
  'signed-in': { anonymous: 'UNAUTHORIZED', user: 'ok', otherUser: 'ok', admin: 'ok' },
  owner: { anonymous: 'UNAUTHORIZED', user: 'ok', otherUser: 'NOT_FOUND', admin: 'NOT_FOUND' },
  admin: { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', otherUser: 'FORBIDDEN', admin: 'ok' },
}

/** What the rows' inputs point at, made in the test's beforeAll. The resources belong to `user`. */
export interface Fixtures {
  /** A seeded, published catalogue tool. */
  catalogueToolId: string
  userId: string
  otherUserId: string
  personalToolId: string
  generationId: string
  apiKeyId: string
  purchaseId: string
  checkoutSessionId: string
  /** A catalogue tool an admin made, for the admin console's tool calls. */
  adminToolId: string
  /** A running bulk job with one failed row (so it can be paused, resumed, retried and cancelled). */
  bulkJobId: string
  /** A brand voice of the user's. */
  voiceId: string
}

export interface ProcedureRow {
  access: Access
  input?: (fixtures: Fixtures) => unknown
  /** Deletes or revokes what its input names: run after every other allowed call. */
  destructive?: boolean
}

/** Voices the matrix has made so far (each call names a new one). */
let voicesMade = 0

/** The seeded X (Twitter) Bio Generator's form, filled in. */
const BIO_GROUPS = [['Product designer at a fintech startup', 'UX tips and design systems'], ['Witty', true], ['']]
/** The same, as a CSV a bulk run takes. */
const BIO_CSV = 'Who you are,What you post about\nProduct designer at a fintech startup,UX tips and design systems\n'

/**
 * Every tRPC procedure with who it is for. The matrix test fails for a procedure without a row, so
 * a new procedure cannot ship without someone deciding who may call it.
 */
export const PROCEDURE_ACCESS: Record<string, ProcedureRow> = {
  'system.config': { access: 'public' },
  'system.site': { access: 'public' },
  'auth.me': { access: 'public' },
  'tools.categories': { access: 'public' },
  'tools.byCategory': { access: 'public', input: () => ({ category: 'All Tools' }) },
  'tools.search': { access: 'public', input: () => ({ text: 'bio' }) },
  'tools.get': { access: 'public', input: (f) => ({ id: f.catalogueToolId }) },
  'tools.personal.create': { access: 'signed-in', input: () => builderDraft() },
  'tools.personal.update': {
    access: 'owner',
    input: (f) => ({ id: f.personalToolId, tool: builderDraft() }),
  },
  'tools.personal.delete': { access: 'owner', input: (f) => ({ id: f.personalToolId }), destructive: true },
  'tools.personal.get': { access: 'owner', input: (f) => ({ id: f.personalToolId }) },
  'tools.personal.list': { access: 'signed-in' },
  'bookmarks.set': { access: 'signed-in', input: (f) => ({ toolId: f.catalogueToolId, bookmarked: true }) },
  'bookmarks.list': { access: 'signed-in' },
  'credits.limits': { access: 'signed-in' },
  'credits.ledger': { access: 'signed-in', input: () => ({}) },
  'generation.run': { access: 'signed-in', input: (f) => ({ toolId: f.catalogueToolId, groups: BIO_GROUPS }) },
  'generation.history': { access: 'signed-in', input: () => ({}) },
  'generation.get': { access: 'owner', input: (f) => ({ id: f.generationId }) },
  'generation.delete': { access: 'owner', input: (f) => ({ id: f.generationId }), destructive: true },
  'generation.keep': { access: 'owner', input: (f) => ({ id: f.generationId, kept: true }) },
  'generation.paraphrase': { access: 'signed-in', input: () => ({ prompt: 'Hello there' }) },
  'generation.image': { access: 'signed-in', input: () => ({ prompt: 'A fox', n: 1, quality: 'standard' }) },
  'generation.speech': { access: 'signed-in', input: () => ({ input: 'Hello there', voice: 'alloy' }) },
  'referrals.register': { access: 'signed-in', input: (f) => ({ referrerId: f.otherUserId }) },
  'voices.list': { access: 'signed-in' },
  // A new name per call: every caller that may create one does, and names are unique per user.
  'voices.create': { access: 'signed-in', input: () => ({ name: `Matrix ${(voicesMade += 1)}` }) },
  'voices.update': { access: 'owner', input: (f) => ({ id: f.voiceId, voice: { name: 'Owned voice', tone: 'Warm' } }) },
  'voices.pick': { access: 'owner', input: (f) => ({ id: f.voiceId }) },
  'voices.delete': { access: 'owner', input: (f) => ({ id: f.voiceId }), destructive: true },
  'apiKeys.create': { access: 'signed-in', input: () => ({ name: 'Matrix', scopes: ['read'] }) },
  'apiKeys.list': { access: 'signed-in' },
  'apiKeys.revoke': { access: 'owner', input: (f) => ({ id: f.apiKeyId }), destructive: true },
  'admin.audit.list': { access: 'admin', input: () => ({}) },
  'admin.users.list': { access: 'admin', input: () => ({}) },
  'admin.users.detail': { access: 'admin', input: (f) => ({ userId: f.userId }) },
  'admin.credits.grant': { access: 'admin', input: (f) => ({ userId: f.userId, credits: 1, days: 1 }) },
  'admin.credits.revoke': { access: 'admin', input: (f) => ({ userId: f.userId, credits: 1 }) },
  'admin.plans.list': { access: 'admin' },
  'admin.plans.update': { access: 'admin', input: () => ({ key: 'TOPUP', active: true }) },
  'admin.stats': { access: 'admin', input: () => ({}) },
  'admin.tools.create': { access: 'admin', input: () => builderDraft() },
  'admin.tools.update': { access: 'admin', input: (f) => ({ id: f.adminToolId, tool: builderDraft() }) },
  'admin.tools.delete': { access: 'admin', input: (f) => ({ id: f.adminToolId }), destructive: true },
  'admin.tools.get': { access: 'admin', input: (f) => ({ id: f.adminToolId }) },
  'admin.tools.publish': { access: 'admin', input: (f) => ({ id: f.adminToolId, published: true }) },
  'bulk.preview': {
    access: 'signed-in',
    input: (f) => ({ toolId: f.catalogueToolId, csv: BIO_CSV }),
  },
  'bulk.create': {
    access: 'signed-in',
    input: (f) => ({ toolId: f.catalogueToolId, source: { kind: 'rows', rows: [BIO_GROUPS] } }),
  },
  'bulk.list': { access: 'signed-in' },
  'bulk.get': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  'bulk.rows': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  // In this order for the owner: pause, then resume, then retry the failed row; cancel goes last.
  'bulk.pause': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  'bulk.resume': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  'bulk.retryFailed': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  'bulk.runAgain': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }) },
  'bulk.cancel': { access: 'owner', input: (f) => ({ jobId: f.bulkJobId }), destructive: true },
  'plans.list': { access: 'public' },
  'payments.createCheckout': { access: 'signed-in', input: () => ({ plan: 'MONTHLY' }) },
  'payments.history': { access: 'signed-in' },
  'payments.status': { access: 'owner', input: (f) => ({ purchaseId: f.purchaseId }) },
}
