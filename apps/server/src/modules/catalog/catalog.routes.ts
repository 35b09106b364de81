import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorSchema,
  CategoryListSchema,
  MAX_QUERY_LENGTH,
  PageQuerySchema,
  ProductIdParamsSchema,
  ProductListSchema,
  ProductSchema,
  SearchHelpQuerySchema,
  SearchHelpSchema,
  SEARCH_READ_AS_HEADER,
} from '@larder/shared'
import { catalogTags, productTags } from '../../lib/catalog-changes'
import { setPageHeaders } from '../../lib/paging'
import { plainSerializerCompiler } from '../../lib/plain-serializer'
import { HttpError } from '../../plugins/errors'
import type { CatalogService } from './catalog.service'
import { parseSearchQuery, type SearchQuery } from './search/search-query'

const queryParam = z
  .string()
  .max(MAX_QUERY_LENGTH, { message: `query must be at most ${MAX_QUERY_LENGTH} characters` })

const ListQuerySchema = PageQuerySchema.extend({ query: queryParam.optional() })
const SearchQuerySchema = PageQuerySchema.extend({ query: queryParam })

// `?isFree=true` narrows the tree to the branches with free products, for the free mall's dropdown.
const CategoriesQuerySchema = z.object({
  isFree: z.enum(['true'], { message: 'isFree can only be true' }).optional(),
})

/** `?query=` as the service takes it: absent or blank means every product; a bad one is the client's 400. */
function searchFor(query: string | undefined): SearchQuery | undefined {
  if (query === undefined || query.trim() === '') return undefined
  const parsed = parseSearchQuery(query)
  if (!parsed.ok) throw new HttpError(400, `Invalid query: ${parsed.message}`)
  return parsed.query
}

/**
 * Public catalogue reads are the same for every visitor, so plugins/response-cache.ts may keep and share
 * them until what they show changes; each reply is tagged with the products, shops and listings it shows
 * (GET /api/products is signed-in only and is not marked).
 */
const publicCache = { publicCache: true }

export interface CatalogRoutesOptions {
  catalog: CatalogService
}

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog }) => {
  // This plugin's routes only (Fastify encapsulates it): the catalogue's response schemas are plain.
  app.setSerializerCompiler(plainSerializerCompiler)
  const listResponse = { 200: ProductListSchema, 400: ApiErrorSchema }

  /** The three listings differ only in their query string's schema and in who may ask. */
  async function listPage(
    { query, page, size, sort }: z.infer<typeof ListQuerySchema>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { products, total, readAs } = await catalog.listProducts({
      search: searchFor(query),
      page,
      size,
      sort,
    })
    setPageHeaders(request, reply, { total, page, size })
    // The text as the search read it ("milk" for "nilk"), percent-encoded as a header value must be ASCII.
    if (readAs !== undefined) reply.header(SEARCH_READ_AS_HEADER, encodeURIComponent(readAs))
    reply.cacheTags([catalogTags.listings, ...products.flatMap(productTags)])
    return products
  }

  app.get(
    '/api/public/products',
    { schema: { querystring: ListQuerySchema, response: listResponse }, config: publicCache },
    (request, reply) => listPage(request.query, request, reply),
  )

  app.get(
    '/api/public/_search/products',
    { schema: { querystring: SearchQuerySchema, response: listResponse }, config: publicCache },
    (request, reply) => listPage(request.query, request, reply),
  )

  app.get(
    '/api/public/_search/help',
    {
      schema: {
        querystring: SearchHelpQuerySchema,
        response: { 200: SearchHelpSchema, 400: ApiErrorSchema },
      },
      config: publicCache,
    },
    (request, reply) => {
      // It names products, categories and shops: any change to which products are offered (a product
      // archived, a shop suspended or renamed) drops it, and a change to the tree drops everything.
      reply.cacheTags([catalogTags.listings, catalogTags.shops])
      return catalog.searchHelp(request.query.text)
    },
  )

  app.get(
    '/api/products',
    {
      schema: { querystring: PageQuerySchema, response: { ...listResponse, 401: ApiErrorSchema } },
      preHandler: app.requireUser,
    },
    (request, reply) => listPage(request.query, request, reply),
  )

  app.get(
    '/api/public/products/:id',
    {
      schema: { params: ProductIdParamsSchema, response: { 200: ProductSchema, 404: ApiErrorSchema } },
      config: publicCache,
    },
    async (request, reply) => {
      const product = await catalog.getProduct(request.params.id)
      if (!product) throw new HttpError(404, `Product ${request.params.id} was not found`)
      reply.cacheTags(productTags(product))
      return product
    },
  )

  app.get(
    '/api/public/categories',
    {
      schema: { querystring: CategoriesQuerySchema, response: { 200: CategoryListSchema } },
      config: publicCache,
    },
    (request, reply) => {
      // The free mall's tree depends on which products are free: a listings change drops it too.
      reply.cacheTags([catalogTags.categories, catalogTags.listings])
      return catalog.categoryTree({ freeOnly: request.query.isFree === 'true' })
    },
  )
}
