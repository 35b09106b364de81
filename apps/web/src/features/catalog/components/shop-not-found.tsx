import notice from '../../../components/notice.module.css'
import { paths } from '../../../config/paths'
import { usePageStatus } from '../../../framework/page/page-meta'
import { Link } from '../../../framework/routing/router'

/** `/products/{shop id}` for an id no shop has: a mistyped or outdated link, answered with a 404. */
export function ShopNotFound({ shopId }: { shopId: string }) {
  usePageStatus(404)
  return (
    <div className={notice.notice} role="status">
      <p>No shop on Larder has the id “{shopId}”. It may have closed, or the link may be mistyped.</p>
      <Link to={paths.shops.getHref()} className="button-primary">
        See all our shops
      </Link>
    </div>
  )
}
