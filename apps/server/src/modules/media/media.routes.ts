import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema, RASTER_WIDTHS } from '@larder/shared'
import { pictureColours } from '../../db/seed/pictures'
import { HttpError } from '../../plugins/errors'
import { PICTURE_SHAPES, type PictureShape } from './media-urls'
import { isRasterWidth, rasterPicture, socialPicture } from './raster'
import { renderPicture } from './tile-svg'

const IMMUTABLE = 'public, max-age=31536000, immutable'

// Bad names, colours and widths are checked by the handlers, not the schema, so they answer 404 (no such
// picture) rather than 400: a picture URL is a name, not a form.
const PictureParamsSchema = z.object({ icon: z.string(), tile: z.string() })
const RasterQuerySchema = z.object({ w: z.string().optional() })

async function pictureSvg(shape: PictureShape, icon: string, tile: string): Promise<string> {
  // Only the colours the site uses: any of 16 million would be a picture drawn and kept per made-up name.
  const svg = pictureColours().has(tile.toLowerCase()) ? await renderPicture(shape, icon, tile) : undefined
  if (svg === undefined) throw new HttpError(404, `No ${shape} picture ${icon} on colour ${tile}`)
  return svg
}

/** Product and shop pictures, drawn on request from the emoji icon set; see media-urls.ts for the shapes. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const shape of PICTURE_SHAPES) {
    app.get(
      `/media/${shape}/:icon/:tile.svg`,
      { schema: { params: PictureParamsSchema, response: { 200: z.string(), 404: ApiErrorSchema } } },
      async (request, reply) => {
        const { icon, tile } = request.params
        const svg = await pictureSvg(shape, icon, tile)
        return reply.type('image/svg+xml').header('Cache-Control', IMMUTABLE).send(svg)
      },
    )
    // The same picture as WebP, at one of a few widths: for pictures shown small (shared/pictures.ts).
    app.get(
      `/media/${shape}/:icon/:tile.webp`,
      { schema: { params: PictureParamsSchema, querystring: RasterQuerySchema } },
      async (request, reply) => {
        const { icon, tile } = request.params
        const width = Number(request.query.w)
        if (!isRasterWidth(width)) {
          throw new HttpError(404, `Pictures are drawn ${RASTER_WIDTHS.join(', ')} pixels wide`)
        }
        const webp = await rasterPicture(`${shape}/${icon}/${tile.toLowerCase()}`, width, () =>
          pictureSvg(shape, icon, tile),
        )
        return reply.type('image/webp').header('Cache-Control', IMMUTABLE).send(webp)
      },
    )
    // The picture of a shared link's preview: 1200×630 PNG (shared/pictures.ts, socialImagePath).
    app.get(
      `/media/${shape}/:icon/:tile.png`,
      { schema: { params: PictureParamsSchema } },
      async (request, reply) => {
        const { icon, tile } = request.params
        const colour = tile.toLowerCase()
        const png = await socialPicture(`${shape}/${icon}/${colour}`, colour, () =>
          pictureSvg(shape, icon, tile),
        )
        return reply.type('image/png').header('Cache-Control', IMMUTABLE).send(png)
      },
    )
  }
}
