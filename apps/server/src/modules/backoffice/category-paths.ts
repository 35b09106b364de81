import { operatorMessages } from '@larder/shared'
import { ConflictError, NotFoundError } from '../../lib/domain-errors'

/** The tree has three levels: l1/l2/l3 hold each node's full path, which products' category fields come from. */
export const MAX_LEVEL = 3

export interface PathNode {
  id: number
  parentId: number | null
  name: string
  level: number
  l1: string
  l2: string | null
  l3: string | null
}

export type PathFields = Pick<PathNode, 'parentId' | 'name' | 'level' | 'l1' | 'l2' | 'l3'>

/** A node's path columns from its parent's path and its own name. */
export function pathUnder(parent: PathNode | null, name: string): Omit<PathFields, 'parentId'> {
  if (!parent) return { name, level: 1, l1: name, l2: null, l3: null }
  if (parent.level >= MAX_LEVEL) throw new ConflictError(operatorMessages.categoryTooDeep)
  return parent.level === 1
    ? { name, level: 2, l1: parent.l1, l2: name, l3: null }
    : { name, level: 3, l1: parent.l1, l2: parent.l2, l3: name }
}

/**
 * Renames and/or moves node `id` and answers the new path columns of it and of every node below it (the
 * rows to write, in one transaction with the change): the l1/l2/l3 of a subtree always follow its root's
 * name and place. Refuses a move into the node's own subtree and one that would put a node below level 3.
 */
export function repath(
  all: readonly PathNode[],
  id: number,
  change: { name?: string | undefined; parentId?: number | null | undefined },
): Map<number, PathFields> {
  const byId = new Map(all.map((node) => [node.id, node]))
  const node = byId.get(id)
  if (!node) throw new NotFoundError(operatorMessages.categoryNotFound)
  const children = new Map<number, PathNode[]>()
  for (const other of all) {
    if (other.parentId === null) continue
    const list = children.get(other.parentId) ?? []
    list.push(other)
    children.set(other.parentId, list)
  }
  const subtree = new Set<number>()
  const collect = (at: number) => {
    subtree.add(at)
    for (const child of children.get(at) ?? []) collect(child.id)
  }
  collect(id)

  const parentId = change.parentId === undefined ? node.parentId : change.parentId
  let parent: PathNode | null = null
  if (parentId !== null) {
    parent = byId.get(parentId) ?? null
    if (!parent) throw new NotFoundError(operatorMessages.categoryNotFound)
    if (subtree.has(parentId)) throw new ConflictError(operatorMessages.categoryIntoItself)
  }

  const result = new Map<number, PathFields>()
  const place = (at: PathNode, under: PathNode | null, name: string) => {
    const fields = { parentId: under?.id ?? null, ...pathUnder(under, name) }
    result.set(at.id, fields)
    const placed: PathNode = { ...at, ...fields }
    for (const child of children.get(at.id) ?? []) place(child, placed, child.name)
  }
  place(node, parent, change.name ?? node.name)
  return result
}
