import { Column, getTableName, Placeholder, SQL, StringChunk, type SQLChunk } from 'drizzle-orm'
import { CasingCache } from 'drizzle-orm/casing'
import { PgDialect } from 'drizzle-orm/pg-core'
import { DB_CASING } from './client'

/** Renders exactly as the database's own dialect does, for what the walk below does not know. */
const dialect = new PgDialect({ casing: DB_CASING })
const casing = new CasingCache(DB_CASING)

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Appends a chunk's text, as the dialect renders it, to `out`; false when the chunk is of a kind left to
 * the dialect (an inline value, a list, a table, a subquery, an alias, an identifier).
 */
function walk(chunk: SQLChunk, out: string[], placeholders: { count: number }): boolean {
  if (chunk === undefined) return true
  if (chunk instanceof StringChunk) out.push(...chunk.value)
  else if (chunk instanceof SQL) {
    for (const part of chunk.queryChunks) if (!walk(part, out, placeholders)) return false
  } else if (chunk instanceof Placeholder) out.push(`$${++placeholders.count}`)
  // Columns of the schema's own tables, which have no schema name and no alias.
  else if (chunk instanceof Column)
    out.push(`${quoted(getTableName(chunk.table))}.${quoted(casing.getColumnCasing(chunk))}`)
  else return false
  return true
}

/**
 * A fragment's SQL text, as the dialect renders it, for keys: equal keys, equal statements. Text, nested
 * fragments, placeholders and columns are written out as they are met; anything else renders the whole
 * fragment through the dialect. Rendering a search filter through the dialect on every request, only to
 * look its prepared statement up, was 50–110 µs of a free-text search's server time (2026-11-27, tsx loop
 * over compileSearch), more than building the filter; the walk takes a third of that.
 */
export function sqlKey(fragment: SQL): string {
  const out: string[] = []
  return walk(fragment, out, { count: 0 }) ? out.join('') : dialect.sqlToQuery(fragment).sql
}
