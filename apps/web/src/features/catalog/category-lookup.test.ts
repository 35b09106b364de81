import type { Category } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { findCategoryPath } from './category-lookup'

const leaf = (categoryName: string): Category => ({ categoryName, subCategory: [] })
const TREE: Category[] = [
  {
    categoryName: 'Fresh',
    subCategory: [{ categoryName: 'Vegetables & Fruits', subCategory: [leaf('Fruits')] }],
  },
  leaf('Drinks'),
  leaf(' '),
]

describe('findCategoryPath', () => {
  it('finds each level in the tree, spelled as the tree spells it', () => {
    expect(findCategoryPath(TREE, ['fresh', 'VEGETABLES & FRUITS', 'Fruits'])).toEqual([
      'Fresh',
      'Vegetables & Fruits',
      'Fruits',
    ])
    expect(findCategoryPath(TREE, ['Drinks'])).toEqual(['Drinks'])
  })

  it('answers null for a branch the tree does not have, or a hidden blank one', () => {
    expect(findCategoryPath(TREE, ['Nonexistent'])).toBeNull()
    expect(findCategoryPath(TREE, ['Fresh', 'Fruits'])).toBeNull()
    expect(findCategoryPath(TREE, ['Drinks', 'Tea'])).toBeNull()
    expect(findCategoryPath(TREE, [' '])).toBeNull()
  })
})
