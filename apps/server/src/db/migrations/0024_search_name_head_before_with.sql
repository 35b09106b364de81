-- The thing a product name names is its last word before "with" or "in": "Sparkling Water with Lime" is
-- water, "Chickpeas in Water" chickpeas (schema.ts products.searchNameHead).
CREATE OR REPLACE FUNCTION search_name_head(name text) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('larder_search', coalesce(substring(regexp_replace(search_normalize(name), ' (with|in) .*$', '') from '[a-z0-9]+$'), '')) $$;--> statement-breakpoint
-- Written directly, and only where the head moves: the trigger fires only when the name, texts, shop or
-- category change.
UPDATE "products" SET "search_name_head" = search_name_head("product_name")
  WHERE search_normalize("product_name") ~ ' (with|in) ';
