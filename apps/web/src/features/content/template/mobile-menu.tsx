import { ChevronDown } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { TEMPLATE_MENU_CATEGORIES } from './demo-data'
import styles from './template.module.css'
import { TemplateDialog } from './template-dialog'

interface MenuGroup {
  label: string
  links: readonly { label: string; to: string }[]
}

// The template's menu, with its bakery categories pointed at our real listings.
const GROUPS: readonly MenuGroup[] = [
  {
    label: 'Bakery',
    links: TEMPLATE_MENU_CATEGORIES.map((category) => ({
      label: category.label,
      to: paths.productCategory.getHref(category.l1, category.l2),
    })),
  },
  {
    label: 'Shop',
    links: [
      { label: 'All products', to: paths.products.getHref() },
      { label: 'All categories', to: paths.categoryList.getHref() },
      { label: 'Our shops', to: paths.shops.getHref() },
      { label: 'Free items', to: paths.mall.getHref() },
    ],
  },
  {
    label: 'Information',
    links: [
      { label: 'About us', to: paths.aboutUs.getHref() },
      { label: 'Contact us', to: paths.contactUs.getHref() },
      { label: 'Refund policy', to: paths.refundPolicy.getHref() },
      { label: 'Terms & conditions', to: paths.terms.getHref() },
      { label: 'Privacy and cookie policy', to: paths.privacyPolicy.getHref() },
    ],
  },
]

function Group({
  group,
  initiallyOpen,
  onNavigate,
}: {
  group: MenuGroup
  initiallyOpen: boolean
  onNavigate: () => void
}) {
  const [expanded, setExpanded] = useState(initiallyOpen)
  const listId = useId()
  return (
    <li className={styles.menuGroup}>
      <button
        type="button"
        className={styles.menuToggle}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        {group.label}
        <ChevronDown aria-hidden="true" size={20} className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.menuLinks} hidden={!expanded}>
        {group.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  )
}

/** The template's mobile menu: a drawer of collapsible groups. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <TemplateDialog open={open} onClose={onClose} title="Menu" placement="left">
      <nav aria-label="Bakery pages">
        <ul className={styles.menu}>
          {GROUPS.map((group, index) => (
            <Group key={group.label} group={group} initiallyOpen={index === 0} onNavigate={onClose} />
          ))}
        </ul>
      </nav>
    </TemplateDialog>
  )
}
