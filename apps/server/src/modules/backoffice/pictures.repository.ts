import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { uploadedPictureUrl } from '@larder/shared'
import type { Database } from '../../db/client'
import { pictureVariants, products } from '../../db/schema'
import { announceCatalogChange } from '../../lib/catalog-changes'

/** Products' pictures as the back office changes them, and the stored widths of uploaded ones. */
export function createPicturesRepository(db: Database) {
  return {
    /**
     * The shop's product with its pictures, locked until the transaction ends so that two uploads at
     * once each add their picture rather than one overwriting the other's list. Another shop's product
     * or an archived one is not found.
     */
    async lockProduct(tx: Database, shopId: string, productId: number) {
      const [row] = await tx
        .select({ id: products.id, productName: products.productName, images: products.images })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.vendorId, shopId), isNull(products.archivedAt)))
        .for('update')
      return row
    },

    async product(shopId: string, productId: number) {
      const [row] = await db
        .select({ id: products.id, productName: products.productName, images: products.images })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.vendorId, shopId), isNull(products.archivedAt)))
      return row
    },

    async setImages(tx: Database, productId: number, images: string[]) {
      await tx.update(products).set({ images }).where(eq(products.id, productId))
      // The product's pages and replies show its pictures: every process drops them once tx commits.
      await announceCatalogChange(tx, { products: [productId] })
    },

    /** Stores the widths of an upload; the same file uploaded again (the same hash) keeps the first. */
    async storeVariants(
      tx: Database,
      shopId: string,
      hash: string,
      variants: { width: number; bytes: Buffer }[],
    ) {
      await tx
        .insert(pictureVariants)
        .values(variants.map((variant) => ({ hash, shopId, width: variant.width, bytes: variant.bytes })))
        .onConflictDoNothing()
    },

    /** Removes the stored widths of the uploads no product shows any more. */
    async dropUnused(tx: Database, hashes: string[]) {
      for (const hash of hashes) {
        const url = uploadedPictureUrl(hash)
        const [used] = await tx
          .select({ id: products.id })
          .from(products)
          .where(sql`${url} = any(${products.images})`)
          .limit(1)
        if (!used) await tx.delete(pictureVariants).where(inArray(pictureVariants.hash, [hash]))
      }
    },

    async variant(hash: string, width: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ bytes: pictureVariants.bytes })
        .from(pictureVariants)
        .where(and(eq(pictureVariants.hash, hash), eq(pictureVariants.width, width)))
      return row?.bytes
    },
  }
}

export type PicturesRepository = ReturnType<typeof createPicturesRepository>
