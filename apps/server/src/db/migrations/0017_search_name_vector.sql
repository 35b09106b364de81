-- The name's part of the search document on its own (weight A, as in the document), with its own GIN index:
-- a free-text page reads the products with every word in the name first, from an index a tenth the size of
-- the whole document's (catalog.repository.ts firstMatches, decision 0031).
ALTER TABLE "products" ADD COLUMN "search_name_vector" "tsvector";--> statement-breakpoint
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
  RETURN NEW;
END $$;--> statement-breakpoint
-- Written directly: the trigger fires only when the name, texts, shop or category change.
UPDATE "products" SET "search_name_vector" = setweight(to_tsvector('larder_search', coalesce("product_name", '')), 'A');--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name_vector");
