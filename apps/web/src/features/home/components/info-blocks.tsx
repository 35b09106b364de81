import { Leaf, MapPin, MessageCircle, ShieldCheck, Store } from 'lucide-react'
import { usePublicConfig } from '../../../lib/public-config'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import sectionStyles from './home-section.module.css'
import styles from './info-blocks.module.css'

const BENEFITS = [
  { icon: Store, text: 'Independent grocers, bakers and butchers, all in one basket' },
  { icon: MapPin, text: 'Delivery across 15 north-west London towns' },
  { icon: Leaf, text: 'Free surplus food shared by local shops' },
  { icon: ShieldCheck, text: 'Secure card payment, prices in pounds with no surprises' },
] as const

export function InfoBlocks() {
  return (
    <div className={`${styles.blocks} ${sectionStyles.belowFold}`}>
      <section className={`${styles.block} ${styles.help}`} aria-labelledby="home-help">
        <MessageCircle aria-hidden="true" size={32} className={styles.icon} />
        <h2 id="home-help" className={sectionStyles.heading}>
          Need help?
        </h2>
        <ContactUs />
      </section>
      <section className={styles.block} aria-labelledby="home-benefits">
        <h2 id="home-benefits" className={sectionStyles.heading}>
          Why shop with Larder
        </h2>
        <ul className={styles.benefits}>
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text}>
              <Icon aria-hidden="true" size={20} className={styles.benefitIcon} />
              {text}
            </li>
          ))}
        </ul>
        <Link className={styles.link} to={paths.aboutUs.getHref()}>
          About us
        </Link>
      </section>
    </div>
  )
}

/**
 * The Need Help block's "Contact Us" links to a chat group. The group is the shop's own (CHAT_GROUP_URL on
 * the server); a shop without one, or a page still waiting for the setting, offers the contact form instead.
 */
function ContactUs() {
  const chatGroupUrl = usePublicConfig().data?.chatGroupUrl
  if (!chatGroupUrl)
    return (
      <>
        <p className={styles.text}>
          Questions about an order, a shop or delivery? Write to us and we will answer.
        </p>
        <Link className={styles.button} to={paths.contactUs.getHref()}>
          Contact Us
        </Link>
      </>
    )
  return (
    <>
      <p className={styles.text}>
        Questions about an order, a shop or delivery? Ask us and other Larder shoppers in our community chat
        group.
      </p>
      <a className={styles.button} href={chatGroupUrl} target="_blank" rel="noopener noreferrer">
        Contact Us
        <span className="visually-hidden"> in the Larder community chat group (opens in a new tab)</span>
      </a>
    </>
  )
}
