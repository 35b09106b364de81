import { Clock, Leaf, Mail, MapPin } from 'lucide-react'
import { Link } from '../../framework/routing/router'
import { ScrollTopButton } from '../../components/scroll-top-button'
import { SHOP_ADDRESS, SHOP_EMAILS } from '../../config/contact-details'
import { paths } from '../../config/paths'
import { CategoryLinks } from '../../features/catalog'
import styles from './footer.module.css'

// The shop's opening hours, word for word: Sunday closed.
export const OPENING_HOURS = [
  'Mon to Thu 8:30AM to 6:30PM',
  'Fri to Sat 8:30AM to 4:30PM',
  'Sunday closed',
] as const

const GENERAL_EMAIL = SHOP_EMAILS[0].address

const INFORMATION_LINKS = [
  { to: paths.aboutUs.getHref(), label: 'About Us' },
  { to: paths.privacyPolicy.getHref(), label: 'Privacy and Cookie Policy' },
  { to: paths.terms.getHref(), label: 'Terms & conditions' },
  { to: paths.refundPolicy.getHref(), label: 'Refund Policy' },
] as const

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.whatsapp.com/', label: 'WhatsApp' },
] as const

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.brand} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.brandName}>
            <Leaf aria-hidden="true" size={22} />
            Larder
          </h2>
          <p className={styles.muted}>
            Fresh food, bread and cakes from independent shops, delivered across north-west London.
          </p>
          <ul className={styles.social} aria-label="Larder on social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className={styles.heading}>
            Shop by category
          </h2>
          {/* Not lazy: a Suspense boundary in server-rendered markup hydrates after the rest in React 18,
              and an update reaching it before then throws its markup away (error 421). */}
          <CategoryLinks listClassName={styles.list} messageClassName={styles.muted} />
        </nav>

        <nav aria-labelledby="footer-information">
          <h2 id="footer-information" className={styles.heading}>
            Information
          </h2>
          <ul className={styles.list}>
            {INFORMATION_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <address className={styles.contact}>
            <a href={`mailto:${GENERAL_EMAIL}`} className={styles.iconLine}>
              <Mail aria-hidden="true" size={18} />
              {GENERAL_EMAIL}
            </a>
            <span className={styles.iconLine}>
              <MapPin aria-hidden="true" size={18} />
              <span>
                {SHOP_ADDRESS.map((line) => (
                  <span key={line} className={styles.addressLine}>
                    {line}
                  </span>
                ))}
              </span>
            </span>
          </address>
        </section>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className={styles.heading}>
            <Clock aria-hidden="true" size={18} />
            Opening hours
          </h2>
          <ul className={styles.list}>
            {OPENING_HOURS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
      {/* Around New Year the server's year and the browser's may differ for a moment; either is right. */}
      <p className={styles.bottom} suppressHydrationWarning>
        © {new Date().getFullYear()} Larder. Prices in pounds sterling, including VAT.
      </p>
      <ScrollTopButton />
    </footer>
  )
}
