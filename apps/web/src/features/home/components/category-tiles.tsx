import { rasterSrcSet } from '@larder/shared'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
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

export function CategoryTiles() {
  return (
    <section className={`${styles.section} ${sectionStyles.belowFold}`} aria-labelledby="home-tiles">
      <h2 id="home-tiles" className={sectionStyles.heading}>
        Shop by aisle
      </h2>
      <ul className={styles.tiles}>
        {CATEGORY_TILES.map((tile) => (
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
