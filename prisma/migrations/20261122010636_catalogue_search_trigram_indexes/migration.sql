-- Catalogue search: case-insensitive "contains" (ILIKE '%text%') on name and tagline, served by
-- trigram GIN indexes so it stays fast at 10,000 tools. Labels are searched through the existing GIN
-- index on the labels array (overlap with the labels in use that contain the text).
-- pg_trgm ships with PostgreSQL's contrib modules and is loaded into PGlite by packages/db.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- fastupdate = off: with it on, new entries wait in a pending list that every search reads linearly
-- until VACUUM or autoanalyze merges it. PGlite has no autovacuum, so the list would only grow (a
-- search over 10,000 freshly inserted tools measured 30-50 ms in the index instead of 0.3-5 ms).
-- Tools are written rarely (the tool-builder), so paying at insert time is the right trade.

-- CreateIndex
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING GIN ("name" gin_trgm_ops) WITH (fastupdate = off);

-- CreateIndex
CREATE INDEX "tools_tag_line_trgm_idx" ON "tools" USING GIN ("tag_line" gin_trgm_ops) WITH (fastupdate = off);

-- The labels index (catalogue lists, label search) has the same pending list: merge it and keep it off.
ALTER INDEX "tools_labels_idx" SET (fastupdate = off);
SELECT gin_clean_pending_list('tools_labels_idx'::regclass);
