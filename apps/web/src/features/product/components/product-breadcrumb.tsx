import { ChevronRight } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from './product-breadcrumb.module.css'

export interface Crumb {
  label: string
  /** Absent for the current page, which is named but not linked. */
  href?: string
}

export function ProductBreadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  const all: Crumb[] = [{ label: 'Home', href: paths.home.getHref() }, ...crumbs]
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol className={styles.list}>
        {all.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`} className={styles.item}>
            {index > 0 && <ChevronRight aria-hidden="true" size={14} className={styles.separator} />}
            {crumb.href === undefined ? (
              <span aria-current="page" className={styles.current}>
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.href}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
