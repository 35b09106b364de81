import { formatPounds, type Product } from '@larder/shared'
import styles from './price-block.module.css'

type PriceFields = Pick<Product, 'salePrice' | 'discountPrice' | 'isFree'>

export type PriceLayout =
  | { kind: 'free'; was: number | null }
  | { kind: 'discounted'; now: number; was: number }
  | { kind: 'plain'; price: number }

/**
 * The card's price: £0.00 when free; the discount price beside the struck-through sale price
 * when both exist; otherwise the plain sale price.
 */
export function priceLayout({ salePrice, discountPrice, isFree }: PriceFields): PriceLayout {
  if (isFree) return { kind: 'free', was: salePrice !== null && salePrice > 0 ? salePrice : null }
  if (salePrice !== null && discountPrice !== null && discountPrice < salePrice) {
    return { kind: 'discounted', now: discountPrice, was: salePrice }
  }
  return { kind: 'plain', price: salePrice ?? discountPrice ?? 0 }
}

function WasPrice({ pounds }: { pounds: number }) {
  return (
    <s className={styles.was}>
      <span className="visually-hidden">was </span>
      {formatPounds(pounds)}
    </s>
  )
}

export function PriceBlock({ product, size = 'md' }: { product: PriceFields; size?: 'md' | 'lg' }) {
  const layout = priceLayout(product)
  return (
    <p className={size === 'lg' ? `${styles.price} ${styles.large}` : styles.price} data-layout={layout.kind}>
      {layout.kind === 'free' && (
        <>
          <span className={`${styles.now} ${styles.free}`}>{formatPounds(0)}</span>
          {layout.was !== null && <WasPrice pounds={layout.was} />}
        </>
      )}
      {layout.kind === 'discounted' && (
        <>
          <span className={`${styles.now} ${styles.sale}`}>
            <span className="visually-hidden">now </span>
            {formatPounds(layout.now)}
          </span>
          <WasPrice pounds={layout.was} />
        </>
      )}
      {layout.kind === 'plain' && <span className={styles.now}>{formatPounds(layout.price)}</span>}
    </p>
  )
}
