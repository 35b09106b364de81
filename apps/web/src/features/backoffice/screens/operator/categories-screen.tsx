import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CategoryChangeSchema, NewCategorySchema, type AdminCategory } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../../lib/api-client'
import { addCategory, changeCategory, getCategories } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { NoticeBox, TableFrame, TextInput, type Notice } from '../../components/form-bits'

const serverMessage = (error: unknown) =>
  error instanceof ApiError && error.fromServer
    ? error.message
    : 'The change could not be saved. Please try again.'

/** The tree in display order, each node after its parent, with its path for labels. */
function flatten(nodes: readonly AdminCategory[]) {
  const children = new Map<number | null, AdminCategory[]>()
  for (const node of nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node])
  const rows: { node: AdminCategory; path: string }[] = []
  const walk = (parentId: number | null, prefix: string) => {
    for (const node of children.get(parentId) ?? []) {
      const path = prefix ? `${prefix} / ${node.name}` : node.name
      rows.push({ node, path })
      walk(node.id, path)
    }
  }
  walk(null, '')
  return rows
}

/**
 * The category tree: add a node, rename, move it to another parent (the tree keeps three levels; the server
 * refuses a fourth) and hide or show it. Products follow their category's new name and place.
 */
export function CategoriesScreen() {
  const id = useId()
  const queryClient = useQueryClient()
  const tree = useQuery({
    queryKey: ['backoffice', 'admin-categories'],
    queryFn: ({ signal }) => getCategories(signal),
  })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const [name, setName] = useState('')
  const [parent, setParent] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const rows = flatten(tree.data ?? [])
  const current = rows.find((row) => row.node.id === selected)?.node

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true)
    try {
      await work()
      setNotice({ tone: 'success', text: done })
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-categories'] })
      return true
    } catch (error) {
      setNotice({ tone: 'error', text: serverMessage(error) })
      return false
    } finally {
      setBusy(false)
    }
  }

  const parentId = parent === '' ? null : Number(parent)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (current) {
      const change = {
        ...(name.trim() !== current.name ? { name } : {}),
        ...(parentId !== current.parentId ? { parentId } : {}),
      }
      const checked = CategoryChangeSchema.safeParse(change)
      if (!checked.success) {
        setNameError(checked.error.issues[0]?.message)
        return
      }
      setNameError(undefined)
      if (
        await run(
          () => changeCategory(current.id, checked.data),
          `${checked.data.name ?? current.name} was saved.`,
        )
      )
        setSelected(null)
    } else {
      const checked = NewCategorySchema.safeParse({ name, parentId })
      if (!checked.success) {
        setNameError(checked.error.issues[0]?.message)
        return
      }
      setNameError(undefined)
      if (await run(() => addCategory(checked.data), `${checked.data.name} was added.`)) setName('')
    }
  }

  const pick = (node: AdminCategory | null) => {
    setSelected(node?.id ?? null)
    setName(node?.name ?? '')
    setParent(node?.parentId === null || node === null ? '' : String(node.parentId))
    setNameError(undefined)
  }

  // A parent must be on level 1 or 2, and never the node itself or one below it.
  const below = new Set<number>()
  if (current) {
    const collect = (at: number) => {
      below.add(at)
      for (const row of rows) if (row.node.parentId === at) collect(row.node.id)
    }
    collect(current.id)
  }
  const parents = rows.filter((row) => row.node.level < 3 && !below.has(row.node.id))

  return (
    <div className={styles.panel}>
      <h2>Category tree</h2>
      <NoticeBox notice={notice} />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <h3>{current ? `Rename or move ${current.name}` : 'Add a category'}</h3>
        <div className={styles.row}>
          <TextInput
            id={`${id}-name`}
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
          />
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-parent`}>
              Under
            </label>
            <select
              id={`${id}-parent`}
              className={styles.input}
              value={parent}
              onChange={(event) => setParent(event.target.value)}
            >
              <option value="">The top level</option>
              {parents.map((row) => (
                <option key={row.node.id} value={row.node.id}>
                  {row.path}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button-primary" disabled={busy} aria-disabled={busy}>
            {busy ? 'Saving…' : current ? 'Save' : 'Add category'}
          </button>
          {current && (
            <button type="button" className="button-secondary" onClick={() => pick(null)}>
              Cancel
            </button>
          )}
        </div>
      </form>
      {tree.isPending && <p role="status">Loading…</p>}
      {tree.isError && <p role="alert">The category tree could not be loaded.</p>}
      {rows.length > 0 && (
        <TableFrame label="Categories">
          <table className={styles.table}>
            <caption className="visually-hidden">The category tree, each category after its parent</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Products</th>
                <th scope="col">On the storefront</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ node, path }) => (
                <tr key={node.id}>
                  <td style={{ paddingLeft: `${node.level - 1}rem` }}>{path}</td>
                  <td>{node.productCount}</td>
                  <td>{node.hidden ? 'Hidden' : 'Shown'}</td>
                  <td>
                    <span className={styles.actions}>
                      <button
                        type="button"
                        className="button-secondary"
                        onClick={() => pick(node)}
                        aria-label={`Rename or move ${path}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={busy}
                        aria-label={`${node.hidden ? 'Show' : 'Hide'} ${path}`}
                        onClick={() =>
                          void run(
                            () => changeCategory(node.id, { hidden: !node.hidden }),
                            `${path} is ${node.hidden ? 'shown' : 'hidden'} on the storefront.`,
                          )
                        }
                      >
                        {node.hidden ? 'Show' : 'Hide'}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  )
}
