import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '@larder/shared'
import { HttpError } from '../../plugins/errors'
import { PICTURE_SHAPES } from './media-urls'
import { renderPicture } from './tile-svg'

const IMMUTABLE = 'public, max-age=31536000, immutable'

// Bad names and colours are checked by the renderer, not the schema, so they answer 404 (no such
// picture) rather than 400: a picture URL is a name, not a form.
const PictureParamsSchema = z.object({ icon: z.string(), tile: z.string() })

/** Product and shop pictures, drawn on request from the emoji icon set; see media-urls.ts for the shapes. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const shape of PICTURE_SHAPES) {
    app.get(
      `/media/${shape}/:icon/:tile.svg`,
      { schema: { params: PictureParamsSchema, response: { 200: z.string(), 404: ApiErrorSchema } } },
      async (request, reply) => {
        const { icon, tile } = request.params
        const svg = await renderPicture(shape, icon, tile)
        if (svg === undefined) throw new HttpError(404, `No ${shape} picture ${icon} on colour ${tile}`)
        return reply.type('image/svg+xml').header('Cache-Control', IMMUTABLE).send(svg)
      },
    )
  }
}
