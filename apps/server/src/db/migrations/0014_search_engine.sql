-- The free-text search engine (apps/server/src/modules/catalog/search/search-engine.ts, decision 0031).
-- unaccent and fuzzystrmatch ship with PostgreSQL's contrib and with PGlite (db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- English stemming with accents removed first, so "Crème" and "creme" give the same lexeme.
CREATE TEXT SEARCH CONFIGURATION larder_search (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION larder_search
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem;--> statement-breakpoint
-- The words of a text as the engine compares them: lower case, accents removed, split on anything that is
-- not a letter or digit. search-text.ts does the same for what a shopper types.
CREATE FUNCTION search_normalize(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(unaccent(coalesce(t, ''))), '[^a-z0-9]+', ' ', 'g')) $$;--> statement-breakpoint
-- The weighted document: name A, shop name B, category path C, description and ingredients D.
CREATE FUNCTION search_document(name text, shop text, category text, description text, ingredients text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('larder_search', coalesce(name, '')), 'A')
            || setweight(to_tsvector('larder_search', coalesce(shop, '')), 'B')
            || setweight(to_tsvector('larder_search', coalesce(category, '')), 'C')
            || setweight(to_tsvector('larder_search', coalesce(description, '') || ' ' || coalesce(ingredients, '')), 'D') $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text;--> statement-breakpoint
CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := search_document(
    NEW.product_name,
    (SELECT s.company_name FROM shops s WHERE s.user_id = NEW.vendor_id),
    (SELECT concat_ws(' ', c.l1, c.l2, c.l3) FROM categories c WHERE c.id = NEW.category_id),
    NEW.product_description,
    NEW.product_ingredients);
  NEW.search_name := search_normalize(NEW.product_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_vector
  BEFORE INSERT OR UPDATE OF product_name, product_description, product_ingredients, vendor_id, category_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector();--> statement-breakpoint
-- The vocabulary grows once per statement (a seed batch of 1 000 products is one insert here), not per row.
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM changed_rows r,
       regexp_split_to_table(search_normalize(concat_ws(' ', r.product_name, r.product_description, r.product_ingredients)), ' ') w
  WHERE length(w) > 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();--> statement-breakpoint
-- A renamed shop or category: its words join the vocabulary and its products' documents are rewritten.
CREATE FUNCTION shops_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(search_normalize(NEW.company_name), ' ') w WHERE length(w) > 1
  ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' THEN
    UPDATE products SET vendor_id = vendor_id WHERE vendor_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shops_search_words AFTER INSERT OR UPDATE OF company_name ON shops
  FOR EACH ROW EXECUTE FUNCTION shops_search_words();--> statement-breakpoint
CREATE FUNCTION categories_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(search_normalize(NEW.name), ' ') w WHERE length(w) > 1
  ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' THEN
    UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF name, l1, l2, l3 ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_search_words();--> statement-breakpoint
-- A catalogue that already exists: its vocabulary and documents are built now.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (SELECT company_name AS t FROM shops UNION ALL SELECT name FROM categories) s,
  regexp_split_to_table(search_normalize(s.t), ' ') w WHERE length(w) > 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE products SET product_name = product_name;
