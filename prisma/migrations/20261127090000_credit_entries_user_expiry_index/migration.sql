-- CreateIndex
CREATE INDEX "credit_entries_user_id_expires_at_idx" ON "credit_entries"("user_id", "expires_at");
