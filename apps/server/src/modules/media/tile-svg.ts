import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { IconifyJSON } from '@iconify-json/fluent-emoji-flat'
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils'
import type { PictureShape } from './media-urls'

const TILE_COLOUR = /^[0-9a-f]{6}$/i

let iconSet: Promise<IconifyJSON> | undefined

/**
 * The icon set is 9 MB of JSON: it is read once, on the first picture request, so start-up and the
 * many processes that never draw a picture (seed, tests) don't pay for it.
 */
export function loadIconSet(): Promise<IconifyJSON> {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json')
    iconSet = readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as IconifyJSON,
      (error: unknown) => {
        iconSet = undefined
        throw error
      },
    )
  }
  return iconSet
}

/**
 * Own keys only: the set is a plain object, and getIconData alone would take `constructor` or
 * `__proto__` from its prototype for an icon.
 */
export function hasIcon(set: IconifyJSON, icon: string): boolean {
  return Object.hasOwn(set.icons, icon) || (set.aliases !== undefined && Object.hasOwn(set.aliases, icon))
}

/** Draws the icon's own SVG inside a square box at (x, y). */
function placeIcon(set: IconifyJSON, icon: string, x: number, y: number, size: number): string | undefined {
  const data = hasIcon(set, icon) ? getIconData(set, icon) : null
  if (!data) return undefined
  const { attributes, body } = iconToSVG(data, { width: size, height: size })
  return iconToHTML(body, { ...attributes, x: String(x), y: String(y) })
}

/** The tile colour scaled towards black, for the awning stripes and shadows. */
function darker(hex: string, factor: number): string {
  const channels = [0, 2, 4].map((at) => Math.round(parseInt(hex.slice(at, at + 2), 16) * factor))
  return channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')
}

function foodTile(iconSvg: string, tile: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    `<rect width="512" height="512" rx="88" fill="#${tile}"/>`,
    `<ellipse cx="256" cy="430" rx="150" ry="22" fill="#${darker(tile, 0.7)}" fill-opacity="0.35"/>`,
    iconSvg,
    '</svg>',
  ].join('')
}

function shopFront(iconSvg: string, tile: string): string {
  const stripe = darker(tile, 0.72)
  const stripes: string[] = []
  for (let x = 0, i = 0; x < 800; x += 80, i++) {
    const fill = i % 2 === 0 ? `#${stripe}` : '#ffffff'
    stripes.push(`<rect x="${x}" y="0" width="80" height="84" fill="${fill}"/>`)
    stripes.push(`<circle cx="${x + 40}" cy="84" r="40" fill="${fill}"/>`)
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">',
    '<defs><clipPath id="shop-card"><rect width="800" height="500" rx="40"/></clipPath></defs>',
    '<g clip-path="url(#shop-card)">',
    `<rect width="800" height="500" fill="#${tile}"/>`,
    ...stripes,
    `<ellipse cx="400" cy="440" rx="170" ry="20" fill="#${stripe}" fill-opacity="0.35"/>`,
    iconSvg,
    '</g></svg>',
  ].join('')
}

/**
 * The SVG for one picture, or undefined when the icon is not in the set or the colour is not six hex
 * digits (the route answers 404 then).
 */
export async function renderPicture(
  shape: PictureShape,
  icon: string,
  tile: string,
): Promise<string | undefined> {
  if (!TILE_COLOUR.test(tile)) return undefined
  const set = await loadIconSet()
  const colour = tile.toLowerCase()
  if (shape === 'food') {
    const iconSvg = placeIcon(set, icon, 96, 80, 320)
    return iconSvg && foodTile(iconSvg, colour)
  }
  const iconSvg = placeIcon(set, icon, 280, 170, 240)
  return iconSvg && shopFront(iconSvg, colour)
}
