import type { Shop } from '@larder/shared'
import { useState } from 'react'
import { LoadError } from '../../components/load-error'
import notice from '../../components/notice.module.css'
import { useDocumentTitle } from '../../framework/page/document-title'
import { useShops } from './api/get-shops'
import { paths } from '../../config/paths'
import { ExampleFilters } from './components/example-filters'
import { ShopCard, ShopCardSkeleton } from './components/shop-card'
import { ShopQuickview } from './components/shop-quickview'
import styles from './shops-page.module.css'
import { usePageSummary } from '../../framework/page/page-meta'
import { breadcrumbList, groceryStore } from '../../lib/structured-data'

const SKELETON_COUNT = 6
// Two rows of three on a desktop are in the first screenful; their pictures shouldn't wait.
const EAGER_IMAGES = 6

function ShopList({ onQuickview }: { onQuickview: (shop: Shop) => void }) {
  const { data, isPending, refetch } = useShops()
  if (isPending) {
    return (
      <div className={styles.grid} role="status" aria-label="Loading shops">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <ShopCardSkeleton key={index} />
        ))}
      </div>
    )
  }
  // No data after loading is a failed first fetch; a failed refetch keeps the shops already shown.
  if (data === undefined) {
    return <LoadError onRetry={() => void refetch()}>We couldn’t load the shops just now.</LoadError>
  }
  if (data.length === 0) {
    return <p className={notice.notice}>No shops are open on Larder yet. Please check back soon.</p>
  }
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {data.length === 1 ? '1 shop' : `${data.length} shops`}
      </p>
      <ul className={styles.grid} aria-label="Shops">
        {data.map((shop, index) => (
          <li key={shop.id} className={styles.item}>
            <ShopCard shop={shop} eager={index < EAGER_IMAGES} onQuickview={onQuickview} />
          </li>
        ))}
      </ul>
    </>
  )
}

export function ShopsPage() {
  useDocumentTitle('Our shops')
  const shops = useShops().data
  usePageSummary({
    description:
      'The independent bakers, grocers, butchers and fishmongers of north-west London who sell on Larder: their towns, addresses and products.',
    structuredData: (absolute) => [
      breadcrumbList([{ name: 'Shops', path: paths.shops.getHref() }], absolute),
      ...(shops ?? []).map((shop) => groceryStore(shop, absolute)),
    ],
  })
  const [quickview, setQuickview] = useState<Shop | null>(null)
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.heading}>Our shops</h1>
        <p className={styles.lead}>
          The independent bakers, grocers, butchers and fishmongers of north-west London who sell on Larder.
        </p>
      </header>
      <div className={styles.layout}>
        <div className={styles.shops}>
          <ShopList onQuickview={setQuickview} />
        </div>
        <ExampleFilters />
      </div>
      {quickview && <ShopQuickview shop={quickview} onClose={() => setQuickview(null)} />}
    </div>
  )
}
