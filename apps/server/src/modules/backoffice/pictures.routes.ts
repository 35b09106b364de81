import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorSchema,
  PICTURE_MAX_BYTES,
  PictureOrderSchema,
  pictureMessages,
  PICTURES_PER_PRODUCT,
  ProductIdParamsSchema,
  ProductPicturesSchema,
  UPLOAD_WIDTHS,
  uploadedPictureHash,
  uploadedPictureUrl,
  uploadSrcSet,
  type ProductPictures,
} from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import type { AuditLog } from './audit-log'
import { requireShopMember, type ShopMember } from './backoffice-scopes'
import { processPicture } from './picture-processing'
import type { PicturesRepository } from './pictures.repository'

export interface PicturesDeps {
  repository: PicturesRepository
  audit: AuditLog
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
}

const describe = (product: { id: number; productName: string; images: string[] }): ProductPictures => ({
  productId: product.id,
  productName: product.productName,
  pictures: product.images.map((src) => ({
    src,
    uploaded: uploadedPictureHash(src) !== undefined,
    srcSet: uploadSrcSet(src) ?? null,
  })),
})

const noSuchProduct = () => new HttpError(404, pictureMessages.noSuchProduct)

/** A product's pictures as one audited change: its `images`, before and after. */
async function changePictures(
  deps: PicturesDeps,
  member: ShopMember,
  productId: number,
  action: string,
  work: (
    tx: Parameters<Parameters<AuditLog['change']>[2]>[0],
    images: string[],
  ) => Promise<{ images: string[]; removed?: string[] }>,
): Promise<ProductPictures> {
  return deps.audit.change(member, { action, entityType: 'product', shopId: member.shopId }, async (tx) => {
    const product = await deps.repository.lockProduct(tx, member.shopId, productId)
    if (!product) throw noSuchProduct()
    const { images, removed = [] } = await work(tx, product.images)
    await deps.repository.setImages(tx, product.id, images)
    await deps.repository.dropUnused(
      tx,
      removed.map(uploadedPictureHash).filter((hash) => hash !== undefined),
    )
    return {
      result: describe({ ...product, images }),
      record: { entityId: String(product.id), before: { images: product.images }, after: { images } },
    }
  })
}

/**
 * A shop's pictures of its products (under /api/vendor, so behind requireShopMember). The product's
 * `images` list is the storefront's own: a change shows on every listing at once, since every write
 * empties the response cache (plugins/response-cache.ts) and other processes' copies live five seconds.
 */
export const vendorPictureRoutes: FastifyPluginAsyncZod<PicturesDeps> = async (app, deps) => {
  // In this scope only: the rest of the API takes JSON, at most 1 MB. The limit is counted while the
  // file streams in, so an 11 MB upload is cut off at 10 MB, not read whole first.
  await app.register(multipart, {
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  })

  app.get(
    '/products/:id/pictures',
    { schema: { params: ProductIdParamsSchema, response: { 200: ProductPicturesSchema, ...errors } } },
    async (request) => {
      const member = requireShopMember(request)
      const product = await deps.repository.product(member.shopId, request.params.id)
      if (!product) throw noSuchProduct()
      return describe(product)
    },
  )

  app.post(
    '/products/:id/pictures',
    { schema: { params: ProductIdParamsSchema, response: { 201: ProductPicturesSchema, ...errors } } },
    async (request, reply) => {
      const member = requireShopMember(request)
      if (!request.isMultipart()) throw new HttpError(400, pictureMessages.missing)
      // Ownership first, so another shop's product is refused before its upload is read or decoded.
      if (!(await deps.repository.product(member.shopId, request.params.id))) throw noSuchProduct()
      const file = await request.file()
      if (!file) throw new HttpError(400, pictureMessages.missing)
      let bytes: Buffer
      try {
        bytes = await file.toBuffer()
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw new HttpError(413, pictureMessages.tooLarge)
        }
        throw error
      }
      const picture = await processPicture(bytes)
      const pictures = await changePictures(
        deps,
        member,
        request.params.id,
        'product.pictures.add',
        async (tx, images) => {
          const url = uploadedPictureUrl(picture.hash)
          if (images.includes(url)) return { images }
          if (images.length >= PICTURES_PER_PRODUCT) throw new HttpError(400, pictureMessages.tooMany)
          await deps.repository.storeVariants(tx, member.shopId, picture.hash, picture.variants)
          return { images: [...images, url] }
        },
      )
      return reply.status(201).send(pictures)
    },
  )

  // The new order of the pictures, the first being the main one; a picture left out is removed.
  app.put(
    '/products/:id/pictures',
    {
      schema: {
        params: ProductIdParamsSchema,
        body: PictureOrderSchema,
        response: { 200: ProductPicturesSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireShopMember(request)
      const wanted = request.body.images
      return changePictures(
        deps,
        member,
        request.params.id,
        'product.pictures.update',
        async (_tx, images) => {
          if (new Set(wanted).size !== wanted.length || wanted.some((src) => !images.includes(src))) {
            throw new HttpError(400, pictureMessages.notTheSamePictures)
          }
          return { images: wanted, removed: images.filter((src) => !wanted.includes(src)) }
        },
      )
    },
  )
}

const VariantParamsSchema = z.object({ hash: z.string(), file: z.string() })
const VARIANT_FILE = /^(\d+)\.webp$/

/**
 * The uploaded pictures, public: `/media/uploads/<hash>/<width>.webp`. The hash names the upload's
 * bytes, so a URL never changes what it shows and browsers and caches may keep it for a year.
 */
export const uploadedMediaRoutes: FastifyPluginAsyncZod<PicturesDeps> = async (app, deps) => {
  app.get(
    '/media/uploads/:hash/:file',
    { schema: { params: VariantParamsSchema } },
    async (request, reply) => {
      const { hash, file } = request.params
      const width = Number(VARIANT_FILE.exec(file)?.[1])
      const known = /^[0-9a-f]{32}$/.test(hash) && (UPLOAD_WIDTHS as readonly number[]).includes(width)
      const bytes = known ? await deps.repository.variant(hash, width) : undefined
      if (!bytes) throw new HttpError(404, 'No such picture')
      return reply.type('image/webp').header('cache-control', IMMUTABLE).send(bytes)
    },
  )
}
