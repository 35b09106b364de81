import type { FastifyReply, FastifyRequest } from 'fastify'
import { lastPage } from '@larder/shared'

/**
 * X-Total-Count and a JHipster-style Link header (first, prev, next, last) for a page of a list. The links
 * carry only the parameters the route accepts (those its validated query has): anything else in the URL
 * would be echoed four times into the headers, which a long query string makes larger than clients take.
 */
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  { total, page, size }: { total: number; page: number; size: number },
) {
  const [path = '', search = ''] = request.url.split('?')
  const validated = request.query
  const accepted = new Set(typeof validated === 'object' && validated !== null ? Object.keys(validated) : [])
  const kept = [...new URLSearchParams(search)].filter(([name]) => accepted.has(name))
  const linkTo = (target: number, rel: string) => {
    const params = new URLSearchParams(kept)
    params.set('page', String(target))
    params.set('size', String(size))
    return `<${path}?${params.toString()}>; rel="${rel}"`
  }
  const last = Math.max(0, lastPage(total, size) - 1)
  const links = [linkTo(0, 'first')]
  if (page > 0) links.push(linkTo(Math.min(page - 1, last), 'prev'))
  if (page < last) links.push(linkTo(page + 1, 'next'))
  links.push(linkTo(last, 'last'))
  reply.header('X-Total-Count', String(total)).header('Link', links.join(','))
}
