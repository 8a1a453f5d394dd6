-- Catalogue search on columns folded once, at write time: the search used to run ILIKE on name and
-- tagline (lower-casing both on every row it read, twice more to rank), behind two trigram indexes
-- combined per query. Now one generated column holds both texts folded, behind one trigram index,
-- and a plain LIKE on it matches exactly what ILIKE matched (ILIKE compares lower() of both sides).
-- U+001F between name and tagline keeps a match from spanning the two, and search text containing a
-- control character matches nothing (packages/api/src/tools/search-pattern.ts).

-- DropIndex
DROP INDEX "tools_name_trgm_idx";

-- DropIndex
DROP INDEX "tools_tag_line_trgm_idx";

-- AlterTable
ALTER TABLE "tools"
  ADD COLUMN "search_name" TEXT NOT NULL GENERATED ALWAYS AS (lower("name")) STORED,
  ADD COLUMN "search_text" TEXT NOT NULL GENERATED ALWAYS AS (lower("name") || chr(31) || lower("tag_line")) STORED;

-- CreateIndex (fastupdate = off for the reason given in catalogue_search_trigram_indexes: no pending
-- list that every search would read until a vacuum that PGlite never runs)
CREATE INDEX "tools_search_text_trgm_idx" ON "tools" USING GIN ("search_text" gin_trgm_ops) WITH (fastupdate = off);
