import { expect, test } from '@playwright/test'
import { ShoppingBasket } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

const SIZE = 96

/**
 * The basket on every Add to Cart button is lucide's drawn as one path
 * (apps/web/src/components/shopping-basket-icon.ts). Both are drawn here, large, in the same Chromium,
 * and compared pixel by pixel: where two of lucide's strokes cross, its separate paths blend their
 * anti-aliased edges twice, so the edge pixels may differ a little, never a stroke.
 */
test('the one-path basket looks like lucide’s', async ({ page }) => {
  await page.goto('/products')
  const ours = page.locator('article button svg').first()
  await expect(ours.locator('path')).toHaveCount(1)
  const oneTag = await ours.evaluate((svg) => svg.outerHTML)
  const lucide = renderToStaticMarkup(createElement(ShoppingBasket, { size: SIZE, color: '#000' }))

  const difference = await page.evaluate(
    async ({ ourSvg, lucideSvg, size }) => {
      const draw = async (markup: string) => {
        const svg = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
        svg.setAttribute('width', String(size))
        svg.setAttribute('height', String(size))
        svg.setAttribute('stroke', '#000')
        const image = new Image()
        image.src = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
        await image.decode()
        const canvas = new OffscreenCanvas(size, size)
        const context = canvas.getContext('2d')
        if (!context) throw new Error('no 2d canvas')
        context.drawImage(image, 0, 0)
        return context.getImageData(0, 0, size, size).data
      }
      const [a, b] = [await draw(ourSvg), await draw(lucideSvg)]
      let inked = 0
      let apart = 0
      let largest = 0
      for (let alpha = 3; alpha < a.length; alpha += 4) {
        const gap = Math.abs((a[alpha] ?? 0) - (b[alpha] ?? 0))
        if ((b[alpha] ?? 0) > 0) inked += 1
        if (gap > 0) apart += 1
        largest = Math.max(largest, gap)
      }
      return { inked, apart, largest }
    },
    { ourSvg: oneTag, lucideSvg: lucide, size: SIZE },
  )
  expect(difference.inked).toBeGreaterThan(SIZE * 10)
  expect(difference.largest).toBeLessThan(128)
  expect(difference.apart).toBeLessThan(difference.inked / 20)
})
