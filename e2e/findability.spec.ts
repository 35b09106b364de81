import { expect, test, type APIRequestContext } from '@playwright/test'
import { jsonLdOf } from './support/schema-org'

/**
 * What search engines and link previews read from the server's HTML, with no script run: each page's
 * description, canonical link, Open Graph and Twitter tags, JSON-LD that passes the schema.org checker,
 * real status codes, robots.txt and the sitemaps.
 */

interface ApiProduct {
  id: number
  productName: string
  productDescription: string
  vendorCompanyName: string
  vendorID: string
  qty: number
  salePrice: number | null
  discountPrice: number | null
  isFree: boolean
}

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  return { status: response.status(), html: await response.text(), headers: response.headers() }
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1]
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** Every JSON-LD item of the page, failing the test with the checker's problems if any has one. */
function structuredData(html: string) {
  const items = jsonLdOf(html)
  expect(
    items.flatMap(({ item, problems }) => problems.map((problem) => `${String(item['@type'])}: ${problem}`)),
  ).toEqual([])
  return items.map(({ item }) => item)
}

/** The width and height a PNG's header states. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

test.describe('findability', () => {
  test('a product page describes the product, names its one address and previews its picture', async ({
    request,
    baseURL,
  }) => {
    const [product] = (await (
      await request.get('/api/public/products?page=0&size=1&sort=id,asc')
    ).json()) as ApiProduct[]
    if (!product) throw new Error('no product')
    const { status, html } = await page(request, `/product-detail/${product.id}?utm_source=newsletter`)
    expect(status).toBe(200)
    const description = metaContent(html, 'description')
    expect(description && unescapeHtml(description)).toBe(product.productDescription)
    // One description: the site-wide one of the template is replaced.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(canonicalOf(html)).toBe(`${baseURL}/product-detail/${product.id}`)
    expect(metaContent(html, 'og:type')).toBe('product')
    expect(metaContent(html, 'og:url')).toBe(`${baseURL}/product-detail/${product.id}`)
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
    const image = metaContent(html, 'og:image') ?? ''
    expect(image).toMatch(/^http:\/\/.+\.png$/)
    expect(metaContent(html, 'twitter:image')).toBe(image)
    const picture = await request.get(image)
    expect(picture.headers()['content-type']).toBe('image/png')
    expect(pngSize(await picture.body())).toEqual({ width: 1200, height: 630 })

    const items = structuredData(html)
    const item = items.find((entry) => entry['@type'] === 'Product')
    expect(item).toMatchObject({
      name: product.productName,
      sku: String(product.id),
      offers: {
        priceCurrency: 'GBP',
        availability: product.qty > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        seller: {
          '@type': 'GroceryStore',
          name: product.vendorCompanyName,
          url: `${baseURL}/products/${product.vendorID}`,
        },
      },
    })
    const crumbs = items.find((entry) => entry['@type'] === 'BreadcrumbList')
    expect(crumbs).toBeDefined()
  })

  test('listings name their address without default parameters, and their trail', async ({
    request,
    baseURL,
  }) => {
    const plain = await page(request, '/products/fresh?page=1&filter=all')
    expect(plain.status).toBe(200)
    expect(canonicalOf(plain.html)).toBe(`${baseURL}/products/Fresh`)
    expect(unescapeHtml(metaContent(plain.html, 'description') ?? '')).toMatch(
      /^Fresh: \d+ products from independent shops/,
    )
    const trail = structuredData(plain.html).find((item) => item['@type'] === 'BreadcrumbList')
    expect(trail).toMatchObject({
      itemListElement: [
        { name: 'Home', item: `${baseURL}/` },
        { name: 'Products', item: `${baseURL}/products` },
        { name: 'Fresh', item: `${baseURL}/products/Fresh` },
      ],
    })
    const filtered = await page(request, '/products?page=2&filter=paid')
    expect(unescapeHtml(canonicalOf(filtered.html) ?? '')).toBe(`${baseURL}/products?filter=paid&page=2`)
  })

  test('each shop is a grocery store, on the shops page and on its own listing', async ({
    request,
    baseURL,
  }) => {
    const shops = (await (await request.get('/api/public/users')).json()) as {
      id: string
      companyName: string
    }[]
    const list = await page(request, '/shops')
    const stores = structuredData(list.html).filter((item) => item['@type'] === 'GroceryStore')
    expect(stores.map((store) => store.name)).toEqual(shops.map((shop) => shop.companyName))
    const first = shops[0]
    if (!first) throw new Error('no shop')
    const own = await page(request, `/products/${first.id}`)
    expect(own.status).toBe(200)
    expect(structuredData(own.html).find((item) => item['@type'] === 'GroceryStore')).toMatchObject({
      name: first.companyName,
      url: `${baseURL}/products/${first.id}`,
      address: { '@type': 'PostalAddress', addressCountry: 'GB' },
    })
  })

  test('the home page offers the site search, whose address lists what it finds', async ({
    request,
    baseURL,
  }) => {
    const home = await page(request, '/')
    const site = structuredData(home.html).find((item) => item['@type'] === 'WebSite')
    expect(site).toMatchObject({ url: `${baseURL}/`, potentialAction: { '@type': 'SearchAction' } })
    const template = (site?.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate
    const results = await page(
      request,
      template.replace('{search_term_string}', 'bread').replace(baseURL ?? '', ''),
    )
    expect(results.status).toBe(200)
    expect(results.html).toContain('Results for “bread”')
  })

  test('unknown products, shops and categories answer 404 with the friendly page', async ({ request }) => {
    const category = await page(request, '/products/Nonexistent')
    expect(category.status).toBe(404)
    expect(category.html).toContain('Category not found')
    expect(category.html).toContain('<meta name="robots" content="noindex">')
    expect(canonicalOf(category.html)).toBeUndefined()
    const deeper = await page(request, '/products/Fresh/Nonexistent')
    expect(deeper.status).toBe(404)
    const shop = await page(request, '/products/user-99999')
    expect(shop.status).toBe(404)
    expect(shop.html).toContain('Shop not found')
    const product = await page(request, '/product-detail/2147483000')
    expect(product.status).toBe(404)
    expect(product.html).toContain('find that product')
    const pastTheEnd = await page(request, '/products?page=9999999999999999')
    expect(pastTheEnd.status).toBe(404)
    expect(pastTheEnd.html).not.toMatch(/<title>[^<]*page 1000000000/)
  })

  test('a malformed address is a 400 page, not JSON, and /index.html is the home page', async ({
    request,
  }) => {
    const bad = await page(request, '/products/%ZZ')
    expect(bad.status).toBe(400)
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(bad.html).toContain('<h1>Bad address</h1>')
    expect(bad.html).toContain('href="/"')
    expect(bad.html).not.toContain('"message"')
    // The API keeps answering JSON.
    const api = await request.get('/api/public/products/%ZZ')
    expect(api.status()).toBe(400)
    expect(api.headers()['content-type']).toMatch(/^application\/json/)
    const index = await page(request, '/index.html')
    expect(index.status).toBe(301)
    expect(index.headers.location).toBe('/')
  })

  test('robots.txt names the sitemap index, whose sitemaps list every product with its date', async ({
    request,
    baseURL,
  }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
    const index = await (await request.get('/sitemap.xml')).text()
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    expect(sitemaps).toContain(`${baseURL}/sitemaps/products-1.xml`)
    const total = Number((await request.get('/api/public/products?page=0&size=1')).headers()['x-total-count'])
    let products = 0
    for (const sitemap of sitemaps.filter((url) => url.includes('/products-'))) {
      const xml = await (await request.get(sitemap.replace(baseURL ?? '', ''))).text()
      const urls =
        xml.match(
          /<url><loc>[^<]+\/product-detail\/\d+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/g,
        ) ?? []
      expect(urls.length).toBeLessThanOrEqual(50_000)
      products += urls.length
    }
    expect(products).toBe(total)
  })
})
