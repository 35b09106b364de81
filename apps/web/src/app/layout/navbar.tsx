import { CircleUserRound, Leaf, LogOut, Menu, X } from 'lucide-react'
import { ShoppingBasket } from '../../components/shopping-basket-icon'
import { useRef, useState, type KeyboardEvent } from 'react'
import { Link, NavLink } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { openCartPanel, preloadCartPanel, useCartCount } from '../../features/cart'
import { useLogout } from '../../features/accounts'
import { useSession, useSessionAnnouncement, useSessionExpiry } from '../../lib/session'
import styles from './navbar.module.css'

// The spec's labels are HOME, {product} MALL and ABOUT US; they are written in sentence case and
// upper-cased in CSS so screen readers say words rather than spelling letters.
const MAIN_LINKS = [
  { to: paths.home.getHref(), label: 'Home', end: true },
  { to: paths.products.getHref(), label: 'Larder mall', end: false },
  { to: paths.aboutUs.getHref(), label: 'About us', end: false },
] as const

function navLinkClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink
}

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false)
  const { isLoggedIn, user } = useSession()
  const cartCount = useCartCount()
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpen(false)
  const closeMenuOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return
    setMenuOpen(false)
    menuButton.current?.focus()
  }

  const logout = useLogout()
  const sessionAnnouncement = useSessionAnnouncement()
  useSessionExpiry()

  return (
    <header className={styles.header}>
      <div className={styles.topBar} onKeyDown={closeMenuOnEscape}>
        <div className={styles.inner}>
          <Link to={paths.home.getHref()} className={styles.brand} onClick={closeMenu}>
            <Leaf aria-hidden="true" size={26} className={styles.brandIcon} />
            <span>Larder</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls="main-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
            <span className="visually-hidden">Menu</span>
          </button>
          <nav
            id="main-navigation"
            aria-label="Main"
            className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
          >
            <ul className={styles.navList}>
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className={navLinkClass} onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className={styles.secondBar}>
        <div className={styles.inner}>
          <p className={styles.tagline}>Independent shops, delivered across north-west London</p>
          <div className={styles.actions}>
            <span className="visually-hidden" role="status">
              {sessionAnnouncement}
            </span>
            {user && (
              <Link
                to={paths.account.getHref()}
                className={styles.user}
                aria-label={`Your account (${user.firstName})`}
              >
                {user.imageUrl ? (
                  <img src={user.imageUrl} alt="" width={28} height={28} className={styles.avatar} />
                ) : (
                  <CircleUserRound aria-hidden="true" size={28} className={styles.avatar} />
                )}
                <span>{user.firstName}</span>
              </Link>
            )}
            {isLoggedIn ? (
              <button type="button" className={styles.textButton} onClick={logout}>
                <LogOut aria-hidden="true" size={18} />
                Logout
              </button>
            ) : (
              <>
                <Link to={paths.login.getHref()} className={styles.textLink}>
                  Login
                </Link>
                <Link to={paths.register.getHref()} className={`button-primary ${styles.primaryLink}`}>
                  Register
                </Link>
              </>
            )}
            <Link
              to={paths.cart.getHref()}
              className={styles.cart}
              aria-label={cartCount === 1 ? 'Cart, 1 item' : `Cart, ${cartCount} items`}
              aria-haspopup="dialog"
              onPointerEnter={preloadCartPanel}
              onFocus={preloadCartPanel}
              onClick={(event) => {
                // Spec: the cart button opens the side panel. A modified or middle click still opens the
                // cart page in a new tab, which is why this stays a link.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return
                event.preventDefault()
                openCartPanel()
              }}
            >
              <ShoppingBasket aria-hidden="true" size={22} />
              {cartCount > 0 && (
                <span className={styles.badge} data-testid="cart-badge">
                  {cartCount > 99 ? '99+' : cartCount}
                </span>
              )}
            </Link>
          </div>
        </div>
      </div>
    </header>
  )
}
