import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { PageHeader } from './page-header'
import styles from './policy-layout.module.css'

export interface PolicySection {
  /** The fragment the table of contents links to. */
  id: string
  title: string
  body: ReactNode
}

interface PolicyLayoutProps {
  heading: string
  /** As the spec writes it (29/10/2024), plus the ISO date for `<time>`. */
  lastUpdated: { display: string; iso: string }
  intro: ReactNode
  sections: readonly PolicySection[]
}

/** Long-form legal text: a contents list, then numbered sections kept to a readable line length. */
export function PolicyLayout({ heading, lastUpdated, intro, sections }: PolicyLayoutProps) {
  useDocumentTitle(heading)
  return (
    <article aria-labelledby="page-heading">
      <PageHeader heading={heading}>
        <p className={styles.updated}>
          Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.display}</time>
        </p>
      </PageHeader>
      <div className={styles.body}>
        <nav className={styles.contents} aria-labelledby="contents-heading">
          <h2 id="contents-heading" className={styles.contentsHeading}>
            On this page
          </h2>
          <ol className={styles.contentsList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.text}>
          <div className={styles.intro}>{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`} className={styles.sectionHeading}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  )
}
