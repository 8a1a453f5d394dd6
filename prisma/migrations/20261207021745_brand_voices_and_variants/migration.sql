-- AlterTable
ALTER TABLE "generations" ADD COLUMN     "kept" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "voice" JSONB;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "last_brand_voice_id" UUID;

-- CreateTable
CREATE TABLE "brand_voices" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "audience" TEXT NOT NULL DEFAULT '',
    "tone" TEXT NOT NULL DEFAULT '',
    "words_to_use" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "words_to_avoid" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sample" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "brand_voices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "brand_voices_user_id_name_key" ON "brand_voices"("user_id", "name");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_last_brand_voice_id_fkey" FOREIGN KEY ("last_brand_voice_id") REFERENCES "brand_voices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "brand_voices" ADD CONSTRAINT "brand_voices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
