import type { Product } from '@larder/shared'
import styles from './product-detail.module.css'

type InfoFields = Pick<Product, 'productDescription' | 'productIngredients' | 'productAllergens'>

/** Spec, product detail: each section shows only when it has text. */
export function ProductInfoSections({ product }: { product: InfoFields }) {
  const sections = [
    { title: 'Description', text: product.productDescription },
    { title: 'Ingredients', text: product.productIngredients },
    { title: 'Allergens', text: product.productAllergens },
  ].filter((section) => section.text.trim() !== '')
  if (sections.length === 0) return null
  return (
    <div className={styles.sections}>
      {sections.map((section) => (
        <section key={section.title} className={styles.section} aria-labelledby={`info-${section.title}`}>
          <h2 id={`info-${section.title}`} className={styles.sectionTitle}>
            {section.title}
          </h2>
          <p className={styles.sectionText}>{section.text}</p>
        </section>
      ))}
    </div>
  )
}
