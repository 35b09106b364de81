/**
 * A PostgreSQL array literal of text values (`{"a","b"}`), for one parameter holding a whole list; every
 * element is quoted and `"` and `\` escaped, so any text is safe in it. Cast it in SQL (`::text[]`,
 * `::int[]`, `::bool[]`).
 */
export const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
