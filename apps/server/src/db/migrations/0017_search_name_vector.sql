-- The name's part of the search document on its own (weight A, as in the document), with its own GIN index:
-- a free-text page reads the products with every word in the name first, from an index a tenth the size of
-- the whole document's (catalog.repository.ts firstMatches, decision 0031). And the vocabulary lookup as a
-- function (search_lookup), so that it keeps one plan.
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
--> statement-breakpoint
-- Typed words looked up in the vocabulary (search-engine.ts lookUp): per word, the word itself, the longer
-- words it starts, the words within its typos, the words its pattern fits and its splits into two words.
-- A function with a generic plan, kept per connection: as a statement, PostgreSQL planned it for every
-- search, a plan for the actual arrays always looking cheaper than one for any arrays.
CREATE FUNCTION search_lookup(lookup_words text[], lookup_typos int[], lookup_prefixes bool[],
    lookup_patterns text[], lookup_splits bool[], max_alternatives int)
  RETURNS TABLE (i int, word text, kind text) LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with t as (
    select t.w, t.typos, t.prefix, t.pattern, t.split, (t.i - 1)::int as i
    from unnest(lookup_words, lookup_typos, lookup_prefixes, lookup_patterns, lookup_splits)
         with ordinality as t(w, typos, prefix, pattern, split, i)
  ), found as (
    select t.i, v.word,
      case when t.pattern <> '' or v.word = t.w then 'same'
           when t.prefix and left(v.word, length(t.w)) = t.w then 'prefix'
           else 'typo' end as kind,
      case when t.pattern <> '' or v.word = t.w or (t.prefix and left(v.word, length(t.w)) = t.w) then 0
           else levenshtein_less_equal(t.w, v.word, t.typos + 1) end as typos
    from t join search_words v on case
      when t.pattern <> '' then v.word like t.pattern
      else v.word = t.w
        or (t.prefix and left(v.word, length(t.w)) = t.w)
        or (t.typos > 0 and abs(length(v.word) - length(t.w)) <= t.typos
            and levenshtein_less_equal(t.w, v.word, t.typos + 1) <= t.typos + 1)
      end
  ), ranked as (
    select i, word, kind, row_number() over (partition by i order by typos, length(word), word) as n from found
  )
  select i, word, case when numnode(to_tsquery('larder_search', word)) = 0 then 'stop' else kind end as kind
  from ranked where n <= max_alternatives
  union all
  -- A typed word that is a stop word ("the", "and") has nothing to search on: it is left out.
  select t.i, t.w, 'stop' from t where t.pattern = '' and numnode(to_tsquery('larder_search', t.w)) = 0
  union all
  select t.i, a.word || ' ' || b.word, 'split'
  from t cross join generate_series(3, length(t.w) - 3) as k
    join search_words a on a.word = left(t.w, k)
    join search_words b on b.word = substr(t.w, k + 1)
  where t.split;
END $$;
