import { useQuery, useQueryClient } from '@tanstack/react-query'
import { operatorMessages, type AdminCategory } from '@larder/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../../lib/lazy-zod-resolver'
import { addCategory, changeCategory, getCategories } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { BackOfficeTable, type Column } from '../../components/back-office-table'
import { type Notice, NoticeBox, serverMessage } from '../../components/form-bits'
import { SelectField, setServerFieldErrors, SubmitButton, TextField } from '../../components/form-fields'

// A node's name and place, by the rules of a new one (POST /api/admin/categories), loaded lazily. A rename
// or move asks the same two fields and sends only what changed (PATCH, CategoryChangeSchema on the server).
const resolver = lazyZodResolver(() => import('../../form-schemas').then((m) => m.NewCategorySchema))

const failed = (error: unknown) => serverMessage(error, 'The change could not be saved. Please try again.')

type Row = { node: AdminCategory; path: string }

/** The tree in display order, each node after its parent, with its path for labels. */
function flatten(nodes: readonly AdminCategory[]) {
  const children = new Map<number | null, AdminCategory[]>()
  for (const node of nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node])
  const rows: Row[] = []
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
  const queryClient = useQueryClient()
  const tree = useQuery({
    queryKey: ['backoffice', 'admin-categories'],
    queryFn: ({ signal }) => getCategories(signal),
  })
  const [notice, setNotice] = useState<Notice | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const rows = flatten(tree.data ?? [])
  const current = rows.find((row) => row.node.id === selected)?.node

  const saved = async (text: string) => {
    setNotice({ tone: 'success', text })
    await queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-categories'] })
  }

  async function toggleHidden({ node, path }: Row) {
    setBusyId(node.id)
    try {
      await changeCategory(node.id, { hidden: !node.hidden })
      await saved(`${path} is ${node.hidden ? 'shown' : 'hidden'} on the storefront.`)
    } catch (error) {
      setNotice({ tone: 'error', text: failed(error) })
    } finally {
      setBusyId(null)
    }
  }

  const columns: Column<Row>[] = [
    {
      header: 'Category',
      cell: ({ node, path }) => <span style={{ paddingLeft: `${node.level - 1}rem` }}>{path}</span>,
    },
    { header: 'Products', cell: ({ node }) => node.productCount },
    { header: 'On the storefront', cell: ({ node }) => (node.hidden ? 'Hidden' : 'Shown') },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (row) => (
        <span className={styles.actions}>
          <button
            type="button"
            className="button-secondary"
            onClick={() => setSelected(row.node.id)}
            aria-label={`Rename or move ${row.path}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={busyId === row.node.id}
            aria-label={`${row.node.hidden ? 'Show' : 'Hide'} ${row.path}`}
            onClick={() => void toggleHidden(row)}
          >
            {row.node.hidden ? 'Show' : 'Hide'}
          </button>
        </span>
      ),
    },
  ]

  return (
    <div className={styles.panel}>
      <h2>Category tree</h2>
      <NoticeBox notice={notice} />
      <CategoryForm
        // A fresh form for each node chosen, holding that node's name and place.
        key={current?.id ?? 'new'}
        current={current}
        rows={rows}
        onSaved={async (text) => {
          setSelected(null)
          await saved(text)
        }}
        onFailed={(error) => setNotice({ tone: 'error', text: failed(error) })}
        onCancel={() => setSelected(null)}
      />
      <BackOfficeTable
        label="Categories"
        columns={columns}
        rows={tree.isPending ? undefined : rows}
        rowKey={(row) => row.node.id}
        loading={tree.isPending}
        error={tree.isError ? 'The category tree could not be loaded.' : null}
        empty="No categories yet."
      />
    </div>
  )
}

/** Adds a category, or renames and moves `current`; the parent list leaves out what would break the tree. */
function CategoryForm({
  current,
  rows,
  onSaved,
  onFailed,
  onCancel,
}: {
  current: AdminCategory | undefined
  rows: readonly Row[]
  onSaved: (message: string) => Promise<void>
  onFailed: (error: unknown) => void
  onCancel: () => void
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { name: current?.name ?? '', parentId: current?.parentId ?? null },
  })
  const preloadRules = usePreloadedResolver(resolver)

  const submit = handleSubmit(async (values) => {
    try {
      if (current) {
        const change = {
          ...(values.name !== current.name ? { name: values.name } : {}),
          ...(values.parentId !== current.parentId ? { parentId: values.parentId } : {}),
        }
        if (Object.keys(change).length === 0) {
          setError('name', { message: operatorMessages.nothingToChange }, { shouldFocus: true })
          return
        }
        await changeCategory(current.id, change)
        await onSaved(`${values.name} was saved.`)
      } else {
        await addCategory(values)
        // The next one is often a sibling: the place stays, the name is cleared.
        reset({ name: '', parentId: values.parentId })
        await onSaved(`${values.name} was added.`)
      }
    } catch (error) {
      setServerFieldErrors(error, setError)
      onFailed(error)
    }
  })

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
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <h3>{current ? `Rename or move ${current.name}` : 'Add a category'}</h3>
      <div className={styles.row}>
        <TextField label="Name" register={register('name')} error={errors.name?.message} />
        <SelectField
          label="Under"
          register={register('parentId', {
            setValueAs: (value: unknown) => (value === '' ? null : Number(value)),
          })}
          error={errors.parentId?.message}
          options={[
            { value: '', label: 'The top level' },
            ...parents.map((row) => ({ value: String(row.node.id), label: row.path })),
          ]}
        />
      </div>
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting}>{current ? 'Save' : 'Add category'}</SubmitButton>
        {current && (
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
