/**
 * Changes to what the public catalogue shows, announced to every server process (docs/decisions/0034).
 *
 * A write that changes a product (its stock included), a shop or the category tree calls
 * `announceCatalogChange` inside its own transaction. That sends a PostgreSQL `NOTIFY` on CATALOG_CHANNEL,
 * which PostgreSQL delivers to every listening session when, and only if, the transaction commits; each
 * process listens (db/notifications.ts) and drops the kept replies tagged with what changed
 * (plugins/response-cache.ts). Replies are tagged with what they show by the routes that make them
 * (`catalogTags`), so a stock change drops that product's page and API reply, and the listings and pages
 * showing it, and nothing else.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'

/**
 * How long anything kept because these notices would drop it (replies, listing totals) may live without
 * one: a write that announces nothing (SQL by hand) shows after at most this long.
 */
export const SAFETY_TTL_MS = 60 * 60 * 1000

/** The one channel every process listens on. */
export const CATALOG_CHANNEL = 'larder_catalog_changes'

export interface CatalogChange {
  /** Products whose shown fields changed: stock, prices, names, pictures, provider ids. */
  products?: readonly number[]
  /**
   * Which products a listing holds or in which order may have changed: a product added or removed, or a
   * field listings filter or sort on (name, price, category, shop, free) changed. Every listing is dropped.
   */
  listings?: boolean
  /** Shops whose shown fields changed (their products show the shop's name and town). */
  shops?: readonly string[]
  /** The category tree changed: category names are on every product and page, so everything is dropped. */
  categories?: boolean
  /** Anything may have changed (the seed): everything is dropped. */
  everything?: boolean
}

const PRODUCT_TAG = 'product:'

/** Tags on kept replies: what each shows. */
export const catalogTags = {
  product: (id: number) => `${PRODUCT_TAG}${id}`,
  shop: (userId: string) => `shop:${userId}`,
  /** Every product listing and search result. */
  listings: 'listings',
  /** The list of shops. */
  shops: 'shops',
  /** The category tree. */
  categories: 'categories',
} as const

/** A product's own tag: its change leaves the listings as they were unless `listings` is tagged too. */
export const isProductTag = (tag: string) => tag.startsWith(PRODUCT_TAG)

/** What a kept reply showing this product is tagged with: the product and its shop (name and town). */
export function productTags(product: { id: number; vendorID: string }): string[] {
  return [catalogTags.product(product.id), catalogTags.shop(product.vendorID)]
}

/** The tags to drop for a change, or 'all' when everything must go. */
export type Invalidation = readonly string[] | 'all'

export function invalidationOf(change: CatalogChange): Invalidation {
  if (change.everything || change.categories) return 'all'
  const tags = (change.products ?? []).map(catalogTags.product)
  if (change.listings) tags.push(catalogTags.listings)
  if (change.shops?.length) tags.push(...change.shops.map(catalogTags.shop), catalogTags.shops)
  return tags
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8 000 bytes or more; a change naming that many products is sent as
 * "everything", which is always correct, only broader.
 */
const MAX_PAYLOAD = 7_000

export function encodeChange(change: CatalogChange): string {
  const text = JSON.stringify(change)
  return text.length <= MAX_PAYLOAD ? text : JSON.stringify({ everything: true } satisfies CatalogChange)
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
const isIntArray = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => Number.isSafeInteger(item))

/** A notice's payload; anything unreadable counts as "everything changed", never as nothing. */
export function decodeChange(payload: string): CatalogChange {
  try {
    const value: unknown = JSON.parse(payload)
    if (typeof value !== 'object' || value === null) return { everything: true }
    const products: unknown = Reflect.get(value, 'products')
    const shops: unknown = Reflect.get(value, 'shops')
    if (products !== undefined && !isIntArray(products)) return { everything: true }
    if (shops !== undefined && !isStringArray(shops)) return { everything: true }
    return {
      ...(products ? { products } : {}),
      ...(shops ? { shops } : {}),
      listings: Reflect.get(value, 'listings') === true,
      categories: Reflect.get(value, 'categories') === true,
      everything: Reflect.get(value, 'everything') === true,
    }
  } catch {
    return { everything: true }
  }
}

/**
 * Announces a change to what the catalogue shows, in the writing transaction `tx`: every process (this
 * one included) drops what showed the old state once the transaction commits, and nothing if it rolls
 * back. Every catalogue write calls this, the back office's included.
 */
export async function announceCatalogChange(tx: Database, change: CatalogChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${encodeChange(change)})`)
  const request = announcing.getStore()
  if (request) request.announced = true
}

/** The request under way, if any, and whether it announced a change (see `readYourWrites`). */
const announcing = new AsyncLocalStorage<{ announced: boolean }>()

/** How long a write's reply waits at most for this process to hear its own notice. */
const HEAR_OWN_NOTICE_MS = 2_000

/**
 * Read your writes: a notice reaches every process, this one included, a moment after the commit (on
 * PostgreSQL through the listening connection). A request that announced a change does not answer until
 * this process has heard it, so that the next read of the client that made the change never finds the old
 * state kept. It sends a notice of its own after the commit and waits for it: PostgreSQL delivers notices
 * in commit order, so once that one is heard, the change's is too.
 */
export function readYourWrites(db: Database, feed: CatalogChangeFeed) {
  const waiting = new Map<string, () => void>()
  const stores = new WeakMap<object, { announced: boolean }>()
  return {
    /** Runs `next` (the rest of `request`) where announceCatalogChange can mark it. */
    track(request: object, next: () => void) {
      const store = { announced: false }
      stores.set(request, store)
      announcing.run(store, next)
    },
    /** A notice's payload: true when it was one of these marks (and is done with), not a change. */
    heardMark(payload: string): boolean {
      const mark = /^\{"mark":"([0-9a-f-]{36})"\}$/.exec(payload)?.[1]
      if (mark === undefined) return false
      waiting.get(mark)?.()
      return true
    },
    /** After the request's work, before its reply: waits until this process has heard what it announced. */
    async settle(request: object): Promise<void> {
      if (stores.get(request)?.announced !== true || !feed.live) return
      const mark = randomUUID()
      let timer: NodeJS.Timeout | undefined
      const heard = new Promise<void>((resolve) => {
        waiting.set(mark, resolve)
        timer = setTimeout(resolve, HEAR_OWN_NOTICE_MS)
      })
      try {
        await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${JSON.stringify({ mark })})`)
        await heard
      } finally {
        clearTimeout(timer)
        waiting.delete(mark)
      }
    },
  }
}

/** In-process fan-out of the changes the listener receives, to the caches that hold catalogue data. */
export interface CatalogChangeFeed {
  subscribe(listener: (invalidation: Invalidation) => void): void
  publish(invalidation: Invalidation): void
  /** Whether notices are being received now; while not, nothing is kept. */
  readonly live: boolean
  /** Notices are heard (again) or not: either way everything kept is dropped, as notices may have been missed. */
  setLive(live: boolean): void
}

export function createCatalogChangeFeed(): CatalogChangeFeed {
  const listeners: ((invalidation: Invalidation) => void)[] = []
  let live = true
  return {
    subscribe: (listener) => void listeners.push(listener),
    publish: (invalidation) => {
      for (const listener of listeners) listener(invalidation)
    },
    get live() {
      return live
    },
    // Going down or coming back up, notices may have been missed: whatever was kept is dropped.
    setLive(value) {
      live = value
      for (const listener of listeners) listener('all')
    },
  }
}
