import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useSearchHelp } from '../api/get-search-help'
import styles from './search-help.module.css'

/**
 * Shown under a search that found nothing, instead of leaving the shopper on an empty page: "Did you
 * mean …" with the closest product names, and the categories and shops whose names are close to the text.
 */
export function SearchHelp({ text }: { text: string }) {
  const help = useSearchHelp(text, true)
  if (!help.data) return null
  const { didYouMean, categories, shops } = help.data
  if (didYouMean.length === 0 && categories.length === 0 && shops.length === 0) return null
  return (
    <div className={styles.help}>
      {didYouMean.length > 0 && (
        <p>
          Did you mean{' '}
          {didYouMean.map((name, i) => (
            <span key={name}>
              {i > 0 && (i === didYouMean.length - 1 ? ' or ' : ', ')}
              <Link to={paths.products.getHref(name)} className={styles.link}>
                {name}
              </Link>
            </span>
          ))}
          ?
        </p>
      )}
      {categories.length > 0 && (
        <p>
          Browse{' '}
          {categories.map((category, i) => {
            const levels = [category.categoryL1, category.categoryL2, category.categoryL3].filter(
              (level): level is string => level !== null && level !== '',
            )
            const [l1, ...rest] = levels
            if (l1 === undefined) return null
            return (
              <span key={levels.join('/')}>
                {i > 0 && ' or '}
                <Link to={paths.productCategory.getHref(l1, ...rest)} className={styles.link}>
                  {levels.join(' > ')}
                </Link>
              </span>
            )
          })}
        </p>
      )}
      {shops.length > 0 && (
        <p>
          Visit{' '}
          {shops.map((shop, i) => (
            <span key={shop.vendorID}>
              {i > 0 && ' or '}
              <Link to={paths.productCategory.getHref(shop.vendorID)} className={styles.link}>
                {shop.companyName}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  )
}
