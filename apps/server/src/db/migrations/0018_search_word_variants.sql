-- Typed words are matched to the vocabulary through indexes instead of being compared with every word of
-- it: the words within a typo through the deletions they share (search_word_variants), the words a prefix
-- starts through a byte-ordered range (search_words_prefix_idx). The comparison with the whole vocabulary
-- was half of a search's database time.
CREATE TABLE "search_word_variants" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	"deletes" smallint NOT NULL,
	CONSTRAINT "search_word_variants_variant_word_pk" PRIMARY KEY("variant","word")
);
--> statement-breakpoint
ALTER TABLE "search_word_variants" ADD CONSTRAINT "search_word_variants_word_search_words_word_fk" FOREIGN KEY ("word") REFERENCES "public"."search_words"("word") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_word_variants_word_idx" ON "search_word_variants" USING btree ("word");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The strings made by deleting up to n letters of w (some more than once, with more deletions than they
-- need). Written as loops: as a query its letter pairs were costed as a million rows, enough for JIT
-- compilation on every call.
CREATE FUNCTION search_deletes(w text, n int) RETURNS TABLE (variant text, deletes int)
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 30
  AS $$
BEGIN
  variant := w;
  deletes := 0;
  RETURN NEXT;
  IF n < 1 THEN
    RETURN;
  END IF;
  FOR a IN 1 .. length(w) LOOP
    variant := left(w, a - 1) || substr(w, a + 1);
    deletes := 1;
    RETURN NEXT;
    IF n >= 2 THEN
      FOR b IN a + 1 .. length(w) LOOP
        variant := left(w, a - 1) || substr(w, a + 1, b - a - 1) || substr(w, b + 1);
        deletes := 2;
        RETURN NEXT;
      END LOOP;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- Every word that joins the vocabulary (a statement at a time, as the triggers and the seed add them)
-- brings its variants; two typos are the most a lookup allows.
CREATE FUNCTION search_words_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word_variants (variant, word, deletes)
  SELECT DISTINCT ON (d.variant, a.word) d.variant, a.word, d.deletes
  FROM added_words a CROSS JOIN LATERAL search_deletes(a.word, 2) d
  ORDER BY d.variant, a.word, d.deletes;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_words_variants AFTER INSERT ON search_words
  REFERENCING NEW TABLE AS added_words FOR EACH STATEMENT EXECUTE FUNCTION search_words_variants();--> statement-breakpoint
INSERT INTO search_word_variants (variant, word, deletes)
  SELECT DISTINCT ON (d.variant, w.word) d.variant, w.word, d.deletes
  FROM search_words w CROSS JOIN LATERAL search_deletes(w.word, 2) d
  ORDER BY d.variant, w.word, d.deletes;--> statement-breakpoint
-- The ways of cutting w into two parts of at least three letters, as a function with a row estimate: as a
-- join with generate_series, costed at a thousand cuts, it read the vocabulary twice into hash tables.
CREATE FUNCTION search_cuts(w text) RETURNS TABLE (head text, tail text)
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 10
  AS $$
BEGIN
  RETURN QUERY select left(w, k), substr(w, k + 1) from generate_series(3, length(w) - 3) as k;
END $$;--> statement-breakpoint
-- Per typed word: the word itself, the longer words it starts, the words within its typos, the words its
-- pattern fits and its splits into two words, each part through an index (the pattern alone reads the
-- whole vocabulary). Two words are within k edits, a swap of two letters counting as one, only if
-- deleting at most k letters from each makes them equal: the typed word's deletions, looked up among the
-- vocabulary's, give every candidate, and levenshtein then measures each (allowing one edit more, for a
-- swap; search-engine.ts keeps those within the typos). Every part is a walk down an index per typed word:
-- hash and merge joins are off because a store that has never analysed its vocabulary (PGlite runs no
-- autovacuum) had its typo part planned as a hash over every variant, and JIT because no plan here is
-- worth compiling.
CREATE OR REPLACE FUNCTION search_lookup(lookup_words text[], lookup_typos int[], lookup_prefixes bool[],
    lookup_patterns text[], lookup_splits bool[], max_alternatives int)
  RETURNS TABLE (i int, word text, kind text) LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan SET enable_hashjoin = off SET enable_mergejoin = off SET jit = off
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with t as (
    select t.w, t.typos, t.prefix, t.pattern, t.split, (t.i - 1)::int as i
    from unnest(lookup_words, lookup_typos, lookup_prefixes, lookup_patterns, lookup_splits)
         with ordinality as t(w, typos, prefix, pattern, split, i)
  ), found as (
    select t.i, v.word, 'same' as kind, 0 as typos
    from t join search_words v on v.word = t.w
    where t.pattern = ''
    union all
    select t.i, v.word, 'prefix', 0
    from t join search_words v on v.word ~>=~ t.w and v.word ~<~ (t.w || chr(1114111))
    where t.prefix and t.pattern = '' and v.word <> t.w
    union all
    select t.i, c.word, 'typo', levenshtein_less_equal(t.w, c.word, t.typos + 1)
    from t cross join lateral (
      select distinct v.word
      from search_deletes(t.w, t.typos) d
      join search_word_variants v on v.variant = d.variant and v.deletes <= t.typos
    ) c
    where t.typos > 0 and t.pattern = '' and c.word <> t.w
      and not (t.prefix and starts_with(c.word, t.w))
      and abs(length(c.word) - length(t.w)) <= t.typos
      and levenshtein_less_equal(t.w, c.word, t.typos + 1) <= t.typos + 1
    union all
    select t.i, v.word, 'same', 0
    from t join search_words v on v.word like t.pattern
    where t.pattern <> ''
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
  from t cross join lateral search_cuts(t.w) as cut
    join search_words a on a.word = cut.head
    join search_words b on b.word = cut.tail
  where t.split;
END $$;
