import type { Category } from '@larder/shared'

export interface MallCategoryChoice {
  /** The option's value: the levels, joined with a character no category name contains. */
  value: string
  label: string
  levels: [string, string] | [string, string, string]
}

export interface MallCategoryGroup {
  label: string
  choices: MallCategoryChoice[]
}

const SEPARATOR = '\u001f'

export const choiceValue = (levels: readonly (string | undefined)[]) =>
  levels.filter((level): level is string => level !== undefined && level !== '').join(SEPARATOR)

const named = (category: Category) => category.categoryName.trim() !== ''

/**
 * The dropdown's choices: every level-2 category and, under it, its level-3 ones, grouped by level 1. The
 * mall's URLs have two or three levels, never one, so level 1 only names the groups.
 */
export function mallCategoryGroups(tree: readonly Category[]): MallCategoryGroup[] {
  return tree.filter(named).flatMap((top) => {
    const choices = top.subCategory.filter(named).flatMap((middle): MallCategoryChoice[] => {
      const l2: [string, string] = [top.categoryName, middle.categoryName]
      return [
        { value: choiceValue(l2), label: middle.categoryName, levels: l2 },
        ...middle.subCategory.filter(named).map((leaf): MallCategoryChoice => ({
          value: choiceValue([...l2, leaf.categoryName]),
          label: `${middle.categoryName} › ${leaf.categoryName}`,
          levels: [...l2, leaf.categoryName],
        })),
      ]
    })
    return choices.length > 0 ? [{ label: top.categoryName, choices }] : []
  })
}
