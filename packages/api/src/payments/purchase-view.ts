import type { Purchase } from '@promptly/db/generated/prisma/client'

import type { PurchaseView } from './history.schema.ts'

export function purchaseView(purchase: Purchase): PurchaseView {
  return {
    id: purchase.id,
    plan: purchase.planKey,
    name: purchase.name,
    createdAt: purchase.createdAt,
    validTill: purchase.validTill,
    priceCents: purchase.priceCents,
    currency: purchase.currency,
    credits: purchase.credits,
    status: purchase.status,
    paidAt: purchase.paidAt,
    refundedCredits: purchase.refundedCredits,
  }
}
