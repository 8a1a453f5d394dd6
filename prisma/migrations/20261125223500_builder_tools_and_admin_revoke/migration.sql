-- AlterEnum
ALTER TYPE "CreditReason" ADD VALUE 'admin_revoke';

-- AlterTable
ALTER TABLE "tools" ADD COLUMN     "owner_id" UUID,
ADD COLUMN     "published" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE UNIQUE INDEX "tools_acco_name_key" ON "tools"("acco_name");

-- CreateIndex
CREATE INDEX "tools_owner_id_idx" ON "tools"("owner_id");

-- AddForeignKey
ALTER TABLE "tools" ADD CONSTRAINT "tools_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

