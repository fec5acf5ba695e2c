-- pg_trgm: trigram similarity for typo-tolerant course search; trusted since PostgreSQL 13, PGlite ships it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "qualification" || ' ' || "ucas_code" || ' ' || coalesce("course_code_override", '')), 'B') || setweight(to_tsvector('english', "campus_name"), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "courses_search_document_idx" ON "courses" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "courses_title_trgm_idx" ON "courses" USING gin (lower("title") gin_trgm_ops);