-- Each process holds the vocabulary and looks typed words up in it (search-vocabulary.ts): the lookup
-- function, the deletions it read the typos through and the trigger that kept them go.
DROP FUNCTION search_lookup(text[], int[], bool[], text[], bool[], int);--> statement-breakpoint
DROP FUNCTION search_cuts(text);--> statement-breakpoint
DROP TRIGGER search_words_variants ON search_words;--> statement-breakpoint
DROP FUNCTION search_words_variants();--> statement-breakpoint
DROP TABLE "search_word_variants" CASCADE;--> statement-breakpoint
DROP FUNCTION search_deletes(text, int);
