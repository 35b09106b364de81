import { Mail, MapPin, Phone } from 'lucide-react'
import { SHOP_ADDRESS, SHOP_EMAILS, SHOP_PHONES } from '../../../config/contact-details'
import styles from './contact-card.module.css'

interface ContactCardProps {
  className?: string
}

/** The shop's (demo) address, phone numbers and e-mail addresses, as one `<address>` block. */
export function ContactCard({ className }: ContactCardProps) {
  return (
    <address className={className ? `${styles.card} ${className}` : styles.card}>
      <div className={styles.row}>
        <MapPin aria-hidden="true" size={20} className={styles.icon} />
        <div>
          <p className={styles.label}>Address</p>
          <p>
            {SHOP_ADDRESS.map((line) => (
              <span key={line} className={styles.line}>
                {line}
              </span>
            ))}
          </p>
        </div>
      </div>
      <div className={styles.row}>
        <Phone aria-hidden="true" size={20} className={styles.icon} />
        <div>
          <p className={styles.label}>Phone</p>
          <ul className={styles.list}>
            {SHOP_PHONES.map((phone) => (
              <li key={phone.tel}>
                <a href={`tel:${phone.tel}`}>{phone.display}</a>{' '}
                <span className={styles.muted}>({phone.label})</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={styles.row}>
        <Mail aria-hidden="true" size={20} className={styles.icon} />
        <div>
          <p className={styles.label}>E-mail</p>
          <ul className={styles.list}>
            {SHOP_EMAILS.map((email) => (
              <li key={email.address}>
                <a href={`mailto:${email.address}`}>{email.address}</a>{' '}
                <span className={styles.muted}>({email.label})</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </address>
  )
}
