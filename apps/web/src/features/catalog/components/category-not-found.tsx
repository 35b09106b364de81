import notice from '../../../components/notice.module.css'
import { paths } from '../../../config/paths'
import { usePageStatus } from '../../../framework/page/page-meta'
import { Link } from '../../../framework/routing/router'

/** `/products/{l1}/…` for a branch the category tree does not have: a mistyped or outdated link, a 404. */
export function CategoryNotFound({ levels }: { levels: readonly string[] }) {
  usePageStatus(404)
  return (
    <div className={notice.notice} role="status">
      <p>
        Larder has no category “{levels.join(' > ')}”. It may have been renamed, or the link may be mistyped.
      </p>
      <Link to={paths.categoryList.getHref()} className="button-primary">
        See all categories
      </Link>
    </div>
  )
}
