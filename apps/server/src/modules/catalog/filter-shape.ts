import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { DB_CASING } from '../../db/client'

/**
 * A compiled search filter split into its shape (the SQL text, which depends only on the fields and operators
 * of the query) and its values. Requests whose filters have the same shape can share one prepared statement:
 * PostgreSQL then parses and plans the query once per connection instead of on every request, which was
 * most of the database's time for a catalogue page (docs/benchmarks.md).
 */
export interface FilterShape {
  /** The filter's SQL text with `$n` markers: equal keys mean equal statements, whatever the values. */
  key: string
  /** The same SQL with placeholders `f0`, `f1`, … where the values were. */
  where: SQL
  values: Record<string, unknown>
}

/** Must compile columns exactly as the database's own dialect does, or the shape would name other columns. */
const dialect = new PgDialect({ casing: DB_CASING })
const MARKER = /\$(\d+)/g

/**
 * Undefined when the text cannot be split safely: drizzle numbers parameters in order of appearance, so
 * anything else (a literal `$1` in raw SQL, say) means a marker is not a parameter, and the caller runs the
 * query unprepared instead.
 */
export function shapeOf(where: SQL): FilterShape | undefined {
  const { sql: text, params } = dialect.sqlToQuery(where)
  const chunks: SQL[] = []
  const values: Record<string, unknown> = {}
  let last = 0
  let index = 0
  for (const match of text.matchAll(MARKER)) {
    if (Number(match[1]) !== index + 1) return undefined
    const name = `f${index}`
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.placeholder(name)}`)
    values[name] = params[index]
    last = match.index + match[0].length
    index++
  }
  if (index !== params.length) return undefined
  chunks.push(sql.raw(text.slice(last)))
  return { key: text, where: sql.join(chunks), values }
}
