-- CreateEnum
CREATE TYPE "BulkJobStatus" AS ENUM ('running', 'waiting_for_credits', 'paused', 'cancelled', 'completed');

-- CreateEnum
CREATE TYPE "BulkRowStatus" AS ENUM ('pending', 'queued', 'done', 'failed', 'invalid', 'cancelled');

-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "bulk_job_id" UUID;

-- CreateTable
CREATE TABLE "bulk_jobs" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "tool_id" UUID,
    "tool_name" TEXT NOT NULL,
    "status" "BulkJobStatus" NOT NULL DEFAULT 'running',
    "cost_per_row" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "invalid" INTEGER NOT NULL DEFAULT 0,
    "credits_used" INTEGER NOT NULL DEFAULT 0,
    "columns" JSONB NOT NULL,
    "source_job_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "bulk_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bulk_rows" (
    "id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "cells" JSONB NOT NULL,
    "values" JSONB NOT NULL,
    "status" "BulkRowStatus" NOT NULL DEFAULT 'pending',
    "generation_id" UUID,
    "output" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "bulk_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bulk_jobs_user_id_created_at_idx" ON "bulk_jobs"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "bulk_jobs_status_idx" ON "bulk_jobs"("status");

-- CreateIndex
CREATE INDEX "bulk_rows_job_id_status_position_idx" ON "bulk_rows"("job_id", "status", "position");

-- CreateIndex
CREATE UNIQUE INDEX "bulk_rows_job_id_position_key" ON "bulk_rows"("job_id", "position");

-- CreateIndex
CREATE INDEX "generations_bulk_job_id_idx" ON "generations"("bulk_job_id");

-- AddForeignKey
ALTER TABLE "generations" ADD CONSTRAINT "generations_bulk_job_id_fkey" FOREIGN KEY ("bulk_job_id") REFERENCES "bulk_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_tool_id_fkey" FOREIGN KEY ("tool_id") REFERENCES "tools"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "bulk_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
