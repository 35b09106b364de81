import { rasterSrcSet } from '@larder/shared'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { findCategoryPath, useCategories } from '../../catalog'
import { foodImageUrl } from '../food-image'
import sectionStyles from './home-section.module.css'
import styles from './category-tiles.module.css'

interface Tile {
  label: string
  levels: [string, ...string[]]
  image: string
}

/** The six home tiles and their targets, each a fixed category path. */
export const CATEGORY_TILES: readonly Tile[] = [
  {
    label: 'Fresh Vegetable',
    levels: ['Fresh', 'Vegetables & Fruits', 'Vegetables'],
    image: foodImageUrl('carrot', 'd9f2d0'),
  },
  {
    label: 'Fresh Fruits',
    levels: ['Fresh', 'Vegetables & Fruits', 'Fruits'],
    image: foodImageUrl('red-apple', 'fadadd'),
  },
  { label: 'Fresh Fish', levels: ['Fresh', 'See food and Fish'], image: foodImageUrl('fish', 'd6eefa') },
  { label: 'Fresh Meat', levels: ['Fresh', 'Meat Chicken'], image: foodImageUrl('cut-of-meat', 'f8d7d3') },
  { label: 'Beverages', levels: ['Drinks'], image: foodImageUrl('cup-with-straw', 'e6f0fa') },
  { label: 'Cheese', levels: ['Fresh', 'Cheese'], image: foodImageUrl('cheese-wedge', 'fff0b3') },
]

/**
 * The tiles whose category the storefront's tree holds: a category the operator hid (or one under a hidden
 * one) is not in the tree, and its tile goes with it. Until the tree is known, and if it cannot be read,
 * the six tiles show as the spec lays them out.
 */
export function CategoryTiles() {
  const tree = useCategories().data
  const tiles =
    tree === undefined
      ? CATEGORY_TILES
      : CATEGORY_TILES.filter((tile) => findCategoryPath(tree, tile.levels) !== null)
  if (tiles.length === 0) return null
  return (
    <section className={`${styles.section} ${sectionStyles.belowFold}`} aria-labelledby="home-tiles">
      <h2 id="home-tiles" className={sectionStyles.heading}>
        Shop by aisle
      </h2>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link className={styles.tile} to={paths.productCategory.getHref(...tile.levels)}>
              <img
                className={styles.image}
                src={tile.image}
                srcSet={rasterSrcSet(tile.image)}
                sizes="5rem"
                alt=""
                width={96}
                height={96}
                loading="lazy"
              />
              <span className={styles.label}>{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
