import type { Category } from '@larder/shared'

const fold = (text: string) => text.trim().toLowerCase()

/**
 * The category the levels of `/products/{l1}/{l2}/{l3}` name, as the tree spells them, or null when the
 * tree has no such branch (a mistyped or outdated link, which answers 404). Names compare without regard
 * to case, as the catalogue's filters do.
 */
export function findCategoryPath(tree: readonly Category[], levels: readonly string[]): string[] | null {
  const names: string[] = []
  let branch: readonly Category[] = tree
  for (const level of levels) {
    const node = branch.find((category) => fold(category.categoryName) === fold(level))
    if (!node || node.categoryName.trim() === '') return null
    names.push(node.categoryName)
    branch = node.subCategory
  }
  return names
}
