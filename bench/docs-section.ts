import { readFile, writeFile } from 'node:fs/promises'
import { format, resolveConfig } from 'prettier'

export interface DocsSection {
  /** The markers the section lies between; everything outside them is hand-written and kept as it is. */
  start: string
  end: string
  /** What goes between the markers. */
  body: string
  /** Where a file without the markers gets the section: after this text, appended at the end. */
  intro: string
}

/**
 * Writes a benchmark's results into the docs (docs/benchmarks.md): between its markers when they exist,
 * otherwise appended after `intro`. The file is read right before the write, since other benchmarks edit
 * it too, and the whole file is formatted as `npm run lint` expects (prettier aligns tables), so a run
 * never leaves the docs failing `prettier --check`.
 */
export async function writeDocsSection(
  file: string,
  { start, end, body, intro }: DocsSection,
): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => '# Benchmarks\n')
  const section = `${start}\n${body.trim()}\n${end}`
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${intro.trim()}\n\n${section}\n`
  const options = { ...(await resolveConfig(file)), filepath: file }
  await writeFile(file, await format(next, options))
}
