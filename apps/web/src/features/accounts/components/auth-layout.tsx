import { Clock, ShieldCheck, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { publicConfigQueryOptions } from '../../../lib/public-config'
import { useDocumentTitle } from '../../../framework/page/document-title'
import styles from './auth-layout.module.css'

interface AuthLayoutProps {
  heading: string
  /** A short line above the heading. */
  eyebrow?: string
  lead?: ReactNode
  children: ReactNode
}

const BENEFITS = [
  {
    icon: Store,
    title: 'Local shops, one basket',
    text: 'Bakers, grocers and fishmongers from across north-west London.',
  },
  { icon: Clock, title: 'Faster checkout', text: 'Your name and e-mail are filled in for you at checkout.' },
] as const

/** Google is offered only where this installation has Google sign-in (GOOGLE_CLIENT_ID). */
const signInText = (google: boolean) =>
  google ? 'Log in with your password or your Google account.' : 'Log in with your username and password.'

/** The frame of every account screen: the form in a card, with why an account helps beside it. */
export function AuthLayout({ heading, eyebrow, lead, children }: AuthLayoutProps) {
  useDocumentTitle(heading)
  // Read, not asked for: the screens with a Google button load the settings; the others offer no Google.
  const googleClientId = useQuery({ ...publicConfigQueryOptions(), enabled: false }).data?.googleClientId
  const benefits = [
    ...BENEFITS,
    { icon: ShieldCheck, title: 'Secure sign-in', text: signInText(typeof googleClientId === 'string') },
  ]
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-heading">
        <header className={styles.header}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 id="auth-heading" className={styles.heading}>
            {heading}
          </h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </header>
        {children}
      </section>
      <aside className={styles.aside} aria-labelledby="auth-aside-heading">
        <h2 id="auth-aside-heading" className={styles.asideHeading}>
          Why have a Larder account?
        </h2>
        <ul className={styles.benefits}>
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.benefit}>
              <span className={styles.benefitIcon}>
                <Icon aria-hidden="true" size={20} />
              </span>
              <span>
                <span className={styles.benefitTitle}>{title}</span>
                <br />
                <span className={styles.benefitText}>{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  )
}
