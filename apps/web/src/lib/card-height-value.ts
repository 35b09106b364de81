/**
 * The value to write to `--card-height` for a card `height` px tall, by the inline script
 * (framework/inline-scripts/card-height.ts) and after hydration (catalog's use-card-height.ts). The
 * property is registered (`@property`, product-grid.module.css), and Chromium keeps such a value to six
 * significant digits before layout floors it to a 64th of a pixel: a card of 338.15625 px stood in at
 * 338.140625, and each row laid out late moved what is below it by that 64th (enough for a click that
 * waits for a still target to wait, and scroll elsewhere). Rounded up to a thousandth, any height under
 * 1 000 px comes back from the property exactly.
 */
export function cardHeightValue(height: number): string {
  return `${Math.ceil(height * 1000) / 1000}px`
}
