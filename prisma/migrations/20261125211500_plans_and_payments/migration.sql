-- AlterEnum
ALTER TYPE "CreditReason" ADD VALUE 'purchase_refund';

-- AlterEnum
ALTER TYPE "PurchaseStatus" ADD VALUE 'expired';
ALTER TYPE "PurchaseStatus" ADD VALUE 'refunded';

-- AlterTable: whether TOPUP is offered depends on the buyer, not on the offer
ALTER TABLE "plan_offers" DROP COLUMN "show_top",
ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'usd',
ALTER COLUMN "validity_days" DROP NOT NULL;

-- AlterTable
ALTER TABLE "purchases" ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'usd',
ADD COLUMN     "payment_reference" TEXT,
ADD COLUMN     "plan_key" "PlanKey",
ADD COLUMN     "refunded_at" TIMESTAMP(3),
ADD COLUMN     "refunded_credits" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "checkout_session_id" DROP NOT NULL;

-- Existing purchases take their offer's key
UPDATE "purchases" p SET "plan_key" = o."key" FROM "plan_offers" o WHERE o."id" = p."plan_offer_id";
ALTER TABLE "purchases" ALTER COLUMN "plan_key" SET NOT NULL;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "plan_valid_till" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "payload" JSONB,
ADD COLUMN     "purchase_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "purchases_payment_reference_key" ON "purchases"("payment_reference");
