import {
  penceToPounds,
  standsAlone,
  textWords,
  type Category,
  type Product,
  type SearchHelp,
} from '@larder/shared'
import type { CatalogRepository, ProductPageRequest, ProductRow } from './catalog.repository'
import { needsEveryWord, whatWords } from './search/search-engine'
import { STOP_WORDS } from './search/search-vocabulary'

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    productName: row.productName,
    productDescription: row.productDescription,
    productIngredients: row.productIngredients,
    productAllergens: row.productAllergens,
    images: row.images,
    salePrice: row.salePricePence === null ? null : penceToPounds(row.salePricePence),
    discountPrice: row.discountPricePence === null ? null : penceToPounds(row.discountPricePence),
    qty: row.qty,
    isFree: row.isFree,
    status: row.status,
    categoryL1: row.categoryL1,
    categoryL2: row.categoryL2,
    categoryL3: row.categoryL3,
    vendorID: row.vendorID,
    vendorCity: row.vendorCity,
    vendorCompanyName: row.vendorCompanyName,
    dateCreated: row.dateCreated.toISOString(),
    stripeProductId: row.stripeProductId,
    stripePriceIds: row.stripePriceIds,
  }
}

type CategoryNode = Awaited<ReturnType<CatalogRepository['categoryNodes']>>[number]

/** The given categories and every category above them; `nodes` lists parents before their children. */
function withAncestors(nodes: readonly CategoryNode[], ids: ReadonlySet<number>): Set<number> {
  const kept = new Set(ids)
  for (const node of [...nodes].reverse()) {
    if (kept.has(node.id) && node.parentId !== null) kept.add(node.parentId)
  }
  return kept
}

export function createCatalogService(repository: CatalogRepository) {
  return {
    /** `readAs`: the searched text as the search read it, when it read a typed word as another. */
    async listProducts(
      request: ProductPageRequest,
    ): Promise<{ products: Product[]; total: number; readAs: string | undefined }> {
      const { rows, total, readAs } = await repository.findPage(request)
      return { products: rows.map(toProduct), total, readAs }
    },

    /** What to offer for typed text that found nothing; the text as typed and its words (search-text.ts). */
    searchHelp(text: string): Promise<SearchHelp> {
      const words = textWords(text)
      // Only the words that say what the product is: for "bbq food" not the aisle See food and Fish.
      const said = whatWords(words, (word) => word)
      // Nor a stop word, which finds nothing itself: "m&s" is "m and s", and no name close to "and".
      const compared = said.filter((word) => standsAlone(word) && !STOP_WORDS.has(word))
      // Names close to "gluten free bread" are breads with gluten, to "vegan cheese" dairy cheeses: no
      // help is better than the opposite.
      if (compared.length === 0 || needsEveryWord(words))
        return Promise.resolve({ didYouMean: [], categories: [], shops: [] })
      return repository.searchHelp(said.join(' '), compared)
    },

    async getProduct(id: number): Promise<Product | undefined> {
      const row = await repository.findById(id)
      return row && toProduct(row)
    },

    /**
     * The tree of named categories; a blank-named node is hidden together with everything under it. With
     * `freeOnly`, only the branches that lead to a free product.
     */
    async categoryTree({ freeOnly = false }: { freeOnly?: boolean } = {}): Promise<Category[]> {
      const nodes = await repository.categoryNodes()
      const kept = freeOnly ? withAncestors(nodes, await repository.freeCategoryIds()) : undefined
      const byId = new Map<number, Category>()
      const roots: Category[] = []
      for (const node of nodes) {
        if (kept && !kept.has(node.id)) continue
        const category: Category = { categoryName: node.name, subCategory: [] }
        byId.set(node.id, category)
        if (node.parentId === null) roots.push(category)
        else byId.get(node.parentId)?.subCategory.push(category)
      }
      return roots
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
