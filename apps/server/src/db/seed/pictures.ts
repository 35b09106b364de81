import { LEAVES } from './catalogue-data'
import { SHOPS } from './shops-data'

/** The tile colour a little darker, for a product's second picture. */
export function shade(tile: string): string {
  return [0, 2, 4]
    .map((at) => Math.round(parseInt(tile.slice(at, at + 2), 16) * 0.9))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')
}

/**
 * The web app's own pictures (category tiles, the About Us page) on its brand colours
 * (apps/web/src/styles/tokens.css: --color-brand-50 and -100), besides the catalogue's colours.
 */
const WEB_TILES = ['f0f8f2', 'dcefe3']

let colours: ReadonlySet<string> | undefined

/**
 * Every tile colour the site's pictures use, lower case: each leaf's tile and its shade, each shop's tile,
 * and the web app's own. The picture routes draw on these and no others, so that made-up colours cannot
 * make the server draw (5–15 ms of CPU) and keep pictures no page shows.
 */
export function pictureColours(): ReadonlySet<string> {
  colours ??= new Set(
    [
      ...LEAVES.flatMap((leaf) => [leaf.tile, shade(leaf.tile)]),
      ...SHOPS.map((shop) => shop.tile),
      ...WEB_TILES,
    ].map((tile) => tile.toLowerCase()),
  )
  return colours
}
