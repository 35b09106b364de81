import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { ApiError } from '@larder/shared'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Paths under these prefixes are API calls or files: a miss there is a 404, never the app's page. */
const NOT_PAGES = ['/api/', '/assets/', '/media/']

/**
 * Serves the Vite build: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other GET that is not an API call gets index.html so the router can take it.
 * Without a build (API tests) every unknown path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const hasBuild = fs.existsSync(path.join(webDist, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDist, 'assets') + path.sep)
        reply.header('Cache-Control', immutable ? IMMUTABLE : 'no-cache')
      },
    })
  } else {
    app.log.warn(`No web build at ${webDist}: only the API is served. Run npm run build.`)
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.some((prefix) => request.url.startsWith(prefix))
    if (hasBuild && isPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html')
    }
    return reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ApiError)
  })
}
