import { DELIVERY_TOWNS } from '@larder/shared'
import {
  ArrowRight,
  Award,
  BadgeCheck,
  Camera,
  CreditCard,
  HeartHandshake,
  Lightbulb,
  ShieldCheck,
  ShoppingBag,
  Store,
  Sprout,
  Truck,
} from 'lucide-react'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { useDocumentTitle } from '../../framework/page/document-title'
import styles from './about-us-page.module.css'
import { ContactCard } from './components/contact-card'
import { PageHeader } from './components/page-header'
import { SOCIAL_LINK } from '../../config/contact-details'
import { usePageSummary } from '../../framework/page/page-meta'

const TOWN_COUNT = DELIVERY_TOWNS.length

// Pictures drawn by the API's media route, the same style as the product photos.
const STORY_PICTURES = [
  { src: '/media/food/bread/f4e2c6.svg', alt: 'A loaf of bread' },
  { src: '/media/food/cheese-wedge/fde8c8.svg', alt: 'A wedge of cheese' },
  { src: '/media/food/leafy-green/dcefe3.svg', alt: 'Fresh leafy greens' },
  { src: '/media/food/shortcake/fadadd.svg', alt: 'A slice of strawberry cake' },
] as const

const VALUES = [
  {
    icon: Award,
    title: 'Quality',
    text: 'Our shops bake, cut and pick on the day. If it would not go on their own counter, it does not go in your bag.',
  },
  {
    icon: ShieldCheck,
    title: 'Integrity',
    text: 'Clear prices in pounds, ingredients and allergens on every product, and a plain-English refund policy for when something goes wrong.',
  },
  {
    icon: Lightbulb,
    title: 'Innovation',
    text: 'One basket across many shops, search that finds the right loaf in seconds, and a free mall where local shops offer items at no cost.',
  },
  {
    icon: HeartHandshake,
    title: 'Community',
    text: 'We are a north-west London business working with north-west London shops. We want the high street to thrive, not to replace it.',
  },
] as const

const REASONS = [
  {
    icon: Store,
    title: 'Truly local',
    text: 'Every shop on Larder is independent and based in north-west London.',
  },
  {
    icon: Sprout,
    title: 'Fresh on the day',
    text: 'Bakers and grocers pack your order when it is placed, not days before.',
  },
  {
    icon: ShoppingBag,
    title: 'One basket, many shops',
    text: 'Bread from one shop and cheese from another, paid for in a single checkout.',
  },
  {
    icon: Truck,
    title: 'Simple delivery',
    text: `A flat £1.60 delivery charge, across ${TOWN_COUNT} towns from Uxbridge to Barnet.`,
  },
  {
    icon: CreditCard,
    title: 'Secure payment',
    text: 'You pay on our card payment provider’s secure page; we never see your card number.',
  },
  {
    icon: BadgeCheck,
    title: 'Fair refunds',
    text: 'Damaged or wrong item? Tell us within 1 hour of delivery and we will refund it.',
  },
] as const

export function AboutUsPage() {
  useDocumentTitle('About us')
  usePageSummary({
    description:
      'Larder brings the independent shops of north-west London into one basket: our story, our values, and why shoppers choose us.',
  })
  return (
    <article aria-labelledby="page-heading">
      <PageHeader heading="About us">
        <p className={styles.lead}>
          Larder is north-west London’s neighbourhood marketplace: the independent greengrocers, bakers,
          butchers, fishmongers and delis you love, in one basket and delivered to your door.
        </p>
      </PageHeader>

      <div className={styles.page}>
        <section className={styles.story} aria-labelledby="our-story">
          <div className={styles.storyText}>
            <h2 id="our-story" className={styles.heading}>
              Our Story
            </h2>
            <p>
              Larder began with a familiar problem. The best sourdough in Harrow, the freshest fish in
              Southall and the cheese counter everyone in Ealing talks about were miles apart, and usually
              closed by the time we finished work.
            </p>
            <p>
              So we built one shop window for all of them. Today you can fill a single basket from many
              independent shops; each one packs its part of your order fresh, and we bring it to your door.
            </p>
            <p>
              Every shop on Larder is locally owned. When you buy through us, your money stays on the high
              street, with the people who baked the bread and picked the veg.
            </p>
          </div>
          <ul className={styles.pictures} aria-label="From our shops">
            {STORY_PICTURES.map((picture) => (
              <li key={picture.src}>
                <img
                  src={picture.src}
                  alt={picture.alt}
                  width={512}
                  height={512}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="our-values">
          <h2 id="our-values" className={styles.heading}>
            Our Values
          </h2>
          <ul className={styles.cards}>
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className={styles.card}>
                <Icon aria-hidden="true" size={28} className={styles.cardIcon} />
                <h3 className={styles.cardTitle}>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="why-choose-us">
          <h2 id="why-choose-us" className={styles.heading}>
            Why Choose Us
          </h2>
          <ul className={styles.reasons}>
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className={styles.reason}>
                <span className={styles.reasonIcon}>
                  <Icon aria-hidden="true" size={22} />
                </span>
                <div>
                  <h3 className={styles.reasonTitle}>{title}</h3>
                  <p>{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className={styles.getInTouch} aria-labelledby="get-in-touch">
          <div className={styles.touchText}>
            <h2 id="get-in-touch" className={styles.heading}>
              Get in Touch
            </h2>
            <p>
              A question about an order, a shop you would like to see on Larder, or a loaf you loved? We read
              every message.
            </p>
            <p className={styles.actions}>
              <Link to={paths.contactUs.getHref()} className="button-primary">
                Send us a message <ArrowRight aria-hidden="true" size={18} />
              </Link>
              <a href={SOCIAL_LINK.href} className="button-secondary" rel="noopener noreferrer">
                <Camera aria-hidden="true" size={18} /> {SOCIAL_LINK.label}
              </a>
            </p>
          </div>
          <ContactCard className={styles.contactCard} />
        </section>
      </div>
    </article>
  )
}
