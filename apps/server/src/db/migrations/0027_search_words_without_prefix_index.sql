-- The words a typed prefix starts are found in each process's own copy of the vocabulary
-- (search-vocabulary.ts): nothing reads the vocabulary by a range of words any more.
DROP INDEX "search_words_prefix_idx";
