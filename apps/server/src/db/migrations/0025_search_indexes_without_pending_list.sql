-- The products' search indexes without GIN's pending list (schema.ts, ginWithoutPendingList): altered in
-- place rather than built again, and the list they hold now merged into them.
ALTER INDEX "products_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_search_name_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_idx'::regclass), gin_clean_pending_list('products_search_name_idx'::regclass), gin_clean_pending_list('products_name_trgm_idx'::regclass);
