import { Quote } from 'lucide-react'
import sectionStyles from './home-section.module.css'
import styles from './testimonials.module.css'

// Two customer testimonials (demo content).
const TESTIMONIALS = [
  {
    quote:
      'The sourdough from the bakery on Ealing Broadway turns up still warm. I do my whole weekly shop here now.',
    name: 'Amara O.',
    town: 'Ealing',
  },
  {
    quote:
      'I love that I can buy from the little shops on my high street without the walk in the rain. Great cheese too!',
    name: 'Daniel K.',
    town: 'Harrow',
  },
] as const

export function Testimonials() {
  return (
    <section className={`${styles.section} ${sectionStyles.belowFold}`} aria-labelledby="home-testimonials">
      <h2 id="home-testimonials" className={sectionStyles.heading}>
        What our customers say
      </h2>
      <ul className={styles.list}>
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <figure className={styles.card}>
              <Quote aria-hidden="true" size={28} className={styles.icon} />
              <blockquote className={styles.quote}>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className={styles.caption}>
                <span className={styles.name}>{item.name}</span>, {item.town}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
