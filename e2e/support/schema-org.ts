/**
 * A checker of the storefront's JSON-LD against schema.org's vocabulary and the properties search engines
 * require and recommend for each kind of item (Google Search Central's structured data guides for
 * products and merchant listings, breadcrumbs, local businesses and the site search box). Every typed
 * item, nested ones included, must be of a known type, have its required and recommended properties, and
 * use only properties schema.org defines for that type.
 *
 * Not asked for, as the store has none to give honestly: a product's `aggregateRating`, `review` and
 * barcode (`gtin`), and a shop's opening hours and coordinates.
 */

interface TypeRule {
  required: string[]
  recommended?: string[]
  /** Other properties schema.org defines for the type that the store may use. */
  optional?: string[]
}

const ABSOLUTE_URL = /^https?:\/\/[^\s]+$/

const RULES: Record<string, TypeRule> = {
  Product: {
    required: ['name', 'image', 'offers'],
    recommended: ['description', 'sku', 'brand', 'url'],
    optional: ['@id', 'category', 'productID', 'mpn'],
  },
  Offer: {
    required: ['price', 'priceCurrency', 'availability'],
    recommended: ['url', 'itemCondition', 'seller', 'shippingDetails', 'hasMerchantReturnPolicy'],
    optional: ['priceValidUntil'],
  },
  Brand: { required: ['name'] },
  OfferShippingDetails: {
    required: ['shippingRate', 'shippingDestination'],
    recommended: ['deliveryTime'],
  },
  MonetaryAmount: { required: ['value', 'currency'] },
  DefinedRegion: {
    required: ['addressCountry'],
    optional: ['addressRegion', 'postalCode', 'postalCodePrefix'],
  },
  ShippingDeliveryTime: { required: ['handlingTime', 'transitTime'] },
  QuantitativeValue: { required: ['minValue', 'maxValue', 'unitCode'] },
  MerchantReturnPolicy: {
    required: ['applicableCountry', 'returnPolicyCategory'],
    recommended: ['merchantReturnDays', 'returnMethod', 'returnFees'],
    optional: ['merchantReturnLink'],
  },
  BreadcrumbList: { required: ['itemListElement'] },
  ListItem: { required: ['position', 'name', 'item'] },
  GroceryStore: {
    required: ['name', 'address'],
    recommended: ['url', 'telephone', 'image'],
    optional: ['@id', 'description', 'priceRange'],
  },
  PostalAddress: {
    required: ['streetAddress', 'addressLocality', 'addressCountry'],
    recommended: ['postalCode', 'addressRegion'],
  },
  WebSite: { required: ['name', 'url'], recommended: ['potentialAction'], optional: ['@id', 'inLanguage'] },
  SearchAction: { required: ['target', 'query-input'] },
  EntryPoint: { required: ['urlTemplate'] },
}

/** Properties whose value is a URL, and must be absolute. */
const URL_PROPERTIES = new Set(['url', 'item', 'image', 'merchantReturnLink', 'urlTemplate', '@id'])

const SCHEMA_ENUM = /^https:\/\/schema\.org\/[A-Z][A-Za-z]+$/

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Where each problem is: `Product.offers.price is missing`. */
function checkItem(item: Record<string, unknown>, where: string, problems: string[]) {
  const type = item['@type']
  if (typeof type !== 'string') return void problems.push(`${where} has no @type`)
  const rule = RULES[type]
  if (!rule) return void problems.push(`${where} is of an unexpected type ${type}`)
  const here = `${where === '' ? '' : `${where} `}${type}`
  const allowed = new Set([
    '@type',
    '@context',
    ...rule.required,
    ...(rule.recommended ?? []),
    ...(rule.optional ?? []),
  ])
  for (const name of [...rule.required, ...(rule.recommended ?? [])]) {
    const value = item[name]
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      problems.push(`${here}: ${name} is missing`)
  }
  for (const [name, value] of Object.entries(item)) {
    if (!allowed.has(name)) problems.push(`${here}: ${name} is not a property the checker expects on ${type}`)
    const values = Array.isArray(value) ? value : [value]
    for (const [index, entry] of values.entries()) {
      const at = `${here}.${name}${Array.isArray(value) ? `[${index}]` : ''}`
      if (isObject(entry)) checkItem(entry, at, problems)
      else if (
        URL_PROPERTIES.has(name) &&
        (typeof entry !== 'string' || !ABSOLUTE_URL.test(entry.replace(/[{}]/g, '')))
      )
        problems.push(`${at} is not an absolute URL: ${String(entry)}`)
    }
  }
  if (type === 'Offer') {
    if (item.priceCurrency !== 'GBP')
      problems.push(`${here}: priceCurrency is ${String(item.priceCurrency)}, not GBP`)
    if (typeof item.price !== 'string' || !/^\d+\.\d{2}$/.test(item.price))
      problems.push(`${here}: price ${String(item.price)} is not pounds and pence`)
    for (const name of ['availability', 'itemCondition'])
      if (!SCHEMA_ENUM.test(String(item[name]))) problems.push(`${here}: ${name} is not a schema.org value`)
    if (isObject(item.seller) && item.seller['@type'] !== 'GroceryStore')
      problems.push(`${here}: the seller is not the shop`)
  }
  if (type === 'BreadcrumbList' && Array.isArray(item.itemListElement)) {
    item.itemListElement.forEach((step, index) => {
      if (!isObject(step) || step.position !== index + 1)
        problems.push(`${here}: step ${index + 1} is out of place`)
    })
  }
  if (type === 'SearchAction') {
    const target = isObject(item.target) ? item.target.urlTemplate : undefined
    const input = /^required name=(\w+)$/.exec(String(item['query-input']))?.[1]
    if (input === undefined || typeof target !== 'string' || !target.includes(`{${input}}`))
      problems.push(`${here}: the target does not take the query-input`)
  }
}

/** The problems of one JSON-LD document (the text of a `<script type="application/ld+json">`). */
export function checkJsonLd(text: string): string[] {
  const problems: string[] = []
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return ['not JSON']
  }
  const items = Array.isArray(data) ? data : [data]
  for (const item of items) {
    if (!isObject(item)) {
      problems.push('an item is not an object')
      continue
    }
    if (item['@context'] !== 'https://schema.org') problems.push('@context is not https://schema.org')
    checkItem(item, '', problems)
  }
  return problems
}

/** Every JSON-LD item of a page's HTML, parsed, with the checker's problems for each. */
export function jsonLdOf(html: string): { item: Record<string, unknown>; problems: string[] }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => {
    const text = match[1] ?? ''
    const parsed: unknown = JSON.parse(text)
    return { item: isObject(parsed) ? parsed : {}, problems: checkJsonLd(text) }
  })
}
