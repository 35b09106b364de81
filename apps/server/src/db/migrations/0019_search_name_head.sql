-- The name's last word as a document of its own: in an English product name it is the thing itself
-- ("King Edward Potatoes", "Cloudy Apple Juice"), and a name ending in a typed word ranks before one that
-- only holds it (search-compiler.ts rankOrder, decision 0031).
ALTER TABLE "products" ADD COLUMN "search_name_head" "tsvector";--> statement-breakpoint
CREATE FUNCTION search_name_head(name text) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('larder_search', coalesce(substring(search_normalize(name) from '[a-z0-9]+$'), '')) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := search_document(
    NEW.product_name,
    (SELECT s.company_name FROM shops s WHERE s.user_id = NEW.vendor_id),
    (SELECT concat_ws(' ', c.l1, c.l2, c.l3) FROM categories c WHERE c.id = NEW.category_id),
    NEW.product_description,
    NEW.product_ingredients);
  NEW.search_name := search_normalize(NEW.product_name);
  NEW.search_name_vector := setweight(to_tsvector('larder_search', coalesce(NEW.product_name, '')), 'A');
  NEW.search_name_head := search_name_head(NEW.product_name);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Written directly: the trigger fires only when the name, texts, shop or category change.
UPDATE "products" SET "search_name_head" = search_name_head("product_name");
