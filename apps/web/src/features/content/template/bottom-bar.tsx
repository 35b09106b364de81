import { Heart, House, Search, ShoppingBag, User } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { DEMO_WISHLIST_COUNT } from './demo-data'
import styles from './template.module.css'

interface BottomBarProps {
  cartCount: number
  onSearch: () => void
  onCart: () => void
}

function Badge({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className={styles.badge} aria-hidden="true">
      {count}
    </span>
  )
}

/**
 * The template's bottom bar on phones (Home, Search, Wishlist, Cart, User); its wishlist count is demo
 * content.
 */
export function BottomBar({ cartCount, onSearch, onCart }: BottomBarProps) {
  const { isLoggedIn } = useSession()
  return (
    <nav className={styles.bottomBar} aria-label="Shortcuts">
      <ul>
        <li>
          <Link to={paths.home.getHref()}>
            <House aria-hidden="true" size={22} />
            Home
          </Link>
        </li>
        <li>
          <button type="button" onClick={onSearch}>
            <Search aria-hidden="true" size={22} />
            Search
          </button>
        </li>
        <li>
          <Link to={paths.account.getHref()} aria-label={`Wishlist, ${DEMO_WISHLIST_COUNT} items`}>
            <span className={styles.iconWithBadge}>
              <Heart aria-hidden="true" size={22} />
              <Badge count={DEMO_WISHLIST_COUNT} />
            </span>
            Wishlist
          </Link>
        </li>
        <li>
          <button type="button" aria-label={`Cart, ${cartCount} items`} onClick={onCart}>
            <span className={styles.iconWithBadge}>
              <ShoppingBag aria-hidden="true" size={22} />
              <Badge count={cartCount} />
            </span>
            Cart
          </button>
        </li>
        <li>
          <Link to={isLoggedIn ? paths.account.getHref() : paths.login.getHref()}>
            <User aria-hidden="true" size={22} />
            User
          </Link>
        </li>
      </ul>
    </nav>
  )
}
