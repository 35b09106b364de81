import type { ReactNode } from 'react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import styles from './page-header.module.css'

interface PageHeaderProps {
  /** The page's one h1; it is also the breadcrumb's last step. */
  heading: string
  children?: ReactNode
  /** Controls beside the heading on wide screens. */
  aside?: ReactNode
}

/** The band at the top of each content page: breadcrumb, h1 and an optional lead. */
export function PageHeader({ heading, children, aside }: PageHeaderProps) {
  return (
    <div className={styles.band}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <nav aria-label="Breadcrumb">
            <ol className={styles.breadcrumb}>
              <li>
                <Link to={paths.home.getHref()}>Home</Link>
              </li>
              <li aria-current="page">{heading}</li>
            </ol>
          </nav>
          <h1 id="page-heading" className={styles.heading}>
            {heading}
          </h1>
          {children}
        </div>
        {aside}
      </div>
    </div>
  )
}
