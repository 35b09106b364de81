/**
 * The schema.org items of the storefront's pages, as search engines read them from the server's HTML
 * (JSON-LD, written by framework/ssr/page-head.ts): a product with its offer, breadcrumbs, each shop as a
 * grocery store, and the site with its search. Built only from what the store knows: no rating, review or
 * barcode is made up. Addresses go in as paths and come out absolute through `absolute`.
 */
import {
  DELIVERY_CHARGE_PENCE,
  POSTCODE_DISTRICTS,
  effectivePricePence,
  penceToPounds,
  poundsToPence,
  socialImagePath,
  type Product,
  type Shop,
} from '@larder/shared'
import type { JsonValue, StructuredItem } from '../framework/page/page-meta'
import { paths } from '../config/paths'

type Absolute = (path: string) => string

export const SITE_NAME = 'Larder'

/** A place in a breadcrumb trail: its name and its page. */
export interface TrailStep {
  name: string
  path: string
}

/** Home, then the steps: the trail of a listing or a product. */
export function breadcrumbList(steps: readonly TrailStep[], absolute: Absolute): StructuredItem {
  const trail = [{ name: 'Home', path: paths.home.getHref() }, ...steps]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(step.path),
    })),
  }
}

/** A shop's page on Larder: its listing of products. */
export const shopPath = (shop: Pick<Shop, 'id'>) => paths.productCategory.getHref(shop.id)

/** The shop as seller of an offer: the whole grocery store when its details are known, else its name and page. */
function sellerOf(product: Product, shop: Shop | undefined, absolute: Absolute): JsonValue {
  if (shop) return groceryStore(shop, absolute)
  return {
    '@type': 'GroceryStore',
    name: product.vendorCompanyName,
    url: absolute(shopPath({ id: product.vendorID })),
  }
}

/**
 * Where and at what cost Larder delivers: the fifteen towns of north-west London, for the flat delivery
 * charge (shared/common/money.ts), on the same or the next day.
 */
function shippingDetails(): JsonValue {
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: penceToPounds(DELIVERY_CHARGE_PENCE),
      currency: 'GBP',
    },
    // The towns' postcode districts (shared/delivery/cities.ts): nowhere else in Great Britain.
    shippingDestination: {
      '@type': 'DefinedRegion',
      addressCountry: 'GB',
      postalCodePrefix: [...new Set(Object.values(POSTCODE_DISTRICTS).flat())],
    },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
    },
  }
}

/**
 * The refund policy (spec, refund policy page): unopened non-perishables come back within 3 days, by post
 * at the shopper's cost; perishables only when damaged, spoiled or wrong.
 */
function returnPolicy(absolute: Absolute): JsonValue {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'GB',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: 3,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnShippingFees',
    merchantReturnLink: absolute(paths.refundPolicy.getHref()),
  }
}

/** The price a shopper pays, in pounds: the lower discount price, or nothing for a free product. */
function priceOf(product: Product): number {
  return penceToPounds(
    effectivePricePence({
      isFree: product.isFree,
      salePricePence: product.salePrice === null ? null : poundsToPence(product.salePrice),
      discountPricePence: product.discountPrice === null ? null : poundsToPence(product.discountPrice),
    }),
  )
}

/** The picture addresses of a product: the drawn ones as their 1200×630 preview, others as they are. */
export function productImages(product: Product): string[] {
  return product.images.map((image) => socialImagePath(image) ?? image)
}

/** A product with its one offer: price in pounds, stock, and the shop that sells it. */
export function productItem(product: Product, shop: Shop | undefined, absolute: Absolute): StructuredItem {
  const url = absolute(paths.productDetail.getHref(product.id))
  const category = [product.categoryL1, product.categoryL2, product.categoryL3].filter(Boolean).join(' > ')
  return {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.productName,
    description: product.productDescription || product.productName,
    image: productImages(product).map(absolute),
    sku: String(product.id),
    category,
    url,
    brand: { '@type': 'Brand', name: product.vendorCompanyName },
    offers: {
      '@type': 'Offer',
      url,
      price: priceOf(product).toFixed(2),
      priceCurrency: 'GBP',
      availability: product.qty > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: sellerOf(product, shop, absolute),
      shippingDetails: shippingDetails(),
      hasMerchantReturnPolicy: returnPolicy(absolute),
    },
  }
}

/** A shop as a grocery store: its address in its town, telephone, picture and page. */
export function groceryStore(shop: Shop, absolute: Absolute): StructuredItem {
  const address: { [key: string]: JsonValue } = {
    '@type': 'PostalAddress',
    streetAddress: shop.companyAddress,
    addressLocality: shop.city,
    addressRegion: 'London',
    addressCountry: 'GB',
  }
  // The demo shops' addresses end with their postcode (`18 Station Road, Hayes UB3 4DA`).
  const postcode = /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/.exec(shop.companyAddress)?.[1]
  if (postcode) address.postalCode = postcode
  const item: StructuredItem = {
    '@type': 'GroceryStore',
    '@id': `${absolute(shopPath(shop))}#shop`,
    name: shop.companyName,
    url: absolute(shopPath(shop)),
    telephone: shop.companyPhone,
    address,
  }
  if (shop.description) item.description = shop.description
  if (shop.shopImage) item.image = absolute(socialImagePath(shop.shopImage) ?? shop.shopImage)
  return item
}

/** The site, with the search a result page can offer (`/products?search=`). */
export function webSite(absolute: Absolute): StructuredItem {
  return {
    '@type': 'WebSite',
    '@id': `${absolute(paths.home.getHref())}#website`,
    name: SITE_NAME,
    url: absolute(paths.home.getHref()),
    inLanguage: 'en-GB',
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absolute(paths.products.getHref())}?search={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
}

/**
 * A description for search results and link previews: the text cut at a word to at most `max` characters
 * (search engines show about 155), with an ellipsis when cut.
 */
export function shortDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '')
  return `${atWord}…`
}

/** A product's description, or a sentence made from its name, shop and town when it has none. */
export function productDescription(product: Product): string {
  const own = product.productDescription.trim()
  if (own !== '') return shortDescription(own)
  const from = product.vendorCompanyName ? ` from ${product.vendorCompanyName}` : ''
  const town = product.vendorCity ? ` in ${product.vendorCity}` : ''
  return shortDescription(
    `${product.productName}${from}${town}, delivered across north-west London by Larder.`,
  )
}

/** The preview picture of a product: its first drawn picture as 1200×630 PNG, if it has one. */
export function productPreview(product: Product): { path: string; alt: string } | undefined {
  const first = product.images.map(socialImagePath).find((path) => path !== undefined)
  return first === undefined ? undefined : { path: first, alt: product.productName }
}
