import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  bigint,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import {
  FULFILMENT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRODUCT_STATUSES,
  REFUND_STATUSES,
} from '@larder/shared'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' })

/** What joins the aisles of one category's name: "&", "and" or a comma ("Beer, Wine & Cider"). */
const aisleSeparator = sql.raw(String.raw`\s*(?:&|,|\mand\M)\s*`)

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    login: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    imageUrl: text(),
    roles: text()
      .array()
      .notNull()
      .default(sql`'{ROLE_CUSTOMER}'::text[]`),
    /** argon2id; null for accounts that only sign in with Google (and for the demo vendors). */
    passwordHash: text(),
    /** Google's stable account id (`sub`), once the account has signed in with Google. */
    googleSub: text(),
    /** Sessions issued before this moment are refused: a password reset logs out everywhere. */
    passwordChangedAt: timestamp({ withTimezone: true }),
    /**
     * When the owner of the e-mail address last proved it (a password reset completed, a Google sign-in);
     * null while the address is only what someone typed when registering.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * The one shop a ROLE_VENDOR account is staff of (a shop's id is its first account's id, shops.user_id);
     * null for customers and operators. Not a foreign key: shops reference users, and a cycle of foreign
     * keys would make neither row insertable first; the back office checks it on every request instead.
     */
    shopId: text(),
    /**
     * Set when the operator disables the account: it cannot log in, and its sessions stop working at once
     * (the session query reads it on every request).
     */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_key').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_shop_idx').on(t.shopId),
    // Staff of exactly one shop: a vendor account always names its shop.
    check('users_vendor_shop_check', sql`not ('ROLE_VENDOR' = any(${t.roles})) or ${t.shopId} is not null`),
  ],
)

/**
 * Single-use keys that set an account's password: a reset (24 hours), an invitation to the back office
 * (7 days) or the operator's first log-in from the command line. Only a SHA-256 of each key is kept, so a
 * copy of the table cannot set anyone's password.
 */
export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['reset', 'invitation', 'set-password'] })
      .notNull()
      .default('reset'),
    keyHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_keys_hash_key').on(t.keyHash),
    index('password_reset_keys_user_idx').on(t.userId),
  ],
)

/** Sessions ended by logging out, kept until their tokens would have expired anyway. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    /** The token's `jti`. */
    sessionId: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
)

/**
 * Rate-limit counters shared by every server process (lib/rate-limiter.ts): one fixed window per key,
 * counted by one upsert per check; rows whose window ended are deleted as traffic goes on.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** The rule's name and what it limits (an address's /64 or /32, an account id). */
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
)

/** A vendor's public shop; one per vendor user. */
export const shops = pgTable('shops', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text().notNull(),
  city: text().notNull(),
  companyAddress: text().notNull(),
  companyPhone: text().notNull(),
  description: text().notNull().default(''),
  shopImage: text(),
  /** Set while the operator has suspended the shop: its products leave the storefront and cannot be bought. */
  suspendedAt: timestamp({ withTimezone: true }),
})

/**
 * The three-level tree. Each node keeps its full path (l1, l2, l3) so a product's category fields
 * come from one join instead of a recursive walk.
 */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    level: smallint().notNull(),
    position: integer().notNull().default(0),
    l1: text().notNull(),
    l2: text(),
    l3: text(),
    /** Hidden by the operator: the node and everything below it leave the storefront's tree. */
    hidden: boolean().notNull().default(false),
    /**
     * The path's words as a product's search document holds them (there with weight C): a search ranks the
     * products of the aisle its text names before those that only mention it (search-compiler.ts).
     */
    searchVector: tsvector().generatedAlwaysAs(
      sql`to_tsvector('larder_search'::regconfig, l1 || ' ' || coalesce(l2, '') || ' ' || coalesce(l3, ''))`,
    ),
    /**
     * The aisles this node names, lower-cased: its name, or each part of a name that joins several with
     * "&", "and" or a comma ("Tins & Jars": tins, jars). A search whose whole text names one of them ranks
     * the products of that aisle first: "fruit" lists the apples before Rich Fruit Cake (search-compiler.ts).
     */
    aisleNames: text()
      .array()
      .generatedAlwaysAs(sql`regexp_split_to_array(lower(btrim(name)), '${aisleSeparator}')`),
    /**
     * Any of those aisles, as words: a product named for another of them ("Whole Milk" of Milk & Cream)
     * is not what a search naming this one ("cream") wants first.
     */
    aisleQuery: tsquery().generatedAlwaysAs(
      sql`websearch_to_tsquery('larder_search'::regconfig, regexp_replace(lower(name), '${aisleSeparator}', ' or ', 'g'))`,
    ),
  },
  (t) => [
    uniqueIndex('categories_path_key').on(
      sql`lower(${t.l1})`,
      sql`lower(coalesce(${t.l2}, ''))`,
      sql`lower(coalesce(${t.l3}, ''))`,
    ),
    index('categories_l1_idx').on(sql`lower(${t.l1})`),
    check('categories_level_check', sql`${t.level} between 1 and 3`),
  ],
)

/** Products are searched in parts of this many ids, newest part first (catalog.repository.ts `matching`). */
export const SEARCH_PART_SIZE = 65536

/** A GIN index's storage options: every write goes straight into the index (products' search indexes). */
const ginWithoutPendingList = { fastupdate: false }

/**
 * A product's part: the search indexes hold it, and a search of a large catalogue reads one part at a time
 * (migration 0022). The same expression in the index and in the query, or PostgreSQL cannot use one for the other.
 */
export const searchPart = (id: AnyPgColumn) => sql`(${id} / ${sql.raw(String(SEARCH_PART_SIZE))})`

export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    vendorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    productName: text().notNull(),
    productDescription: text().notNull().default(''),
    productIngredients: text().notNull().default(''),
    productAllergens: text().notNull().default(''),
    images: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    salePricePence: integer(),
    discountPricePence: integer(),
    qty: integer().notNull().default(0),
    isFree: boolean().notNull().default(false),
    status: text({ enum: PRODUCT_STATUSES }).notNull().default('ACTIVE'),
    /** Set when the shop archives the product: it leaves the storefront, and its order lines stay. */
    archivedAt: timestamp({ withTimezone: true }),
    dateCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    stripeProductId: text(),
    stripePriceIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The free-text search document (search/search-engine.ts), written by the trigger
     * products_search_document (migration 0012): name (weight A), shop name (B), category path (C),
     * description and ingredients (D), through the `larder_search` configuration (english stemming with
     * accents removed). A trigger rather than a generated column, because a generated column cannot read
     * the shop's and the category's rows.
     */
    searchVector: tsvector(),
    /** The name as the engine compares it (search_normalize), kept by the same trigger: exact-name ranking. */
    searchName: text(),
    /**
     * The name's part of the document alone (weight A), kept by the same trigger: a free-text page's window
     * is read from the products with every word in the name first, through this column's small GIN index,
     * before the whole document's (catalog.repository.ts `firstMatches`, decision 0031).
     */
    searchNameVector: tsvector(),
    /**
     * The name's last word alone (search_name_head), kept by the same trigger: in an English product name
     * it is the thing itself ("King Edward Potatoes", not "Potato Gnocchi"), and a name ending in a typed
     * word ranks before one that only holds it (search-compiler.ts rankOrder). Before "with" or "in" the
     * name ends for this: "Sparkling Water with Lime" is water, "Chickpeas in Water" chickpeas.
     */
    searchNameHead: tsvector(),
  },
  (t) => [
    check('products_qty_check', sql`${t.qty} >= 0`),
    check('products_sale_price_check', sql`${t.salePricePence} >= 0`),
    check('products_discount_price_check', sql`${t.discountPricePence} >= 0`),
    check('products_status_check', sql`${t.status} in ('ACTIVE', 'RATED')`),
    index('products_date_created_idx').on(t.dateCreated.desc(), t.id.desc()),
    index('products_category_idx').on(t.categoryId, t.dateCreated.desc(), t.id.desc()),
    index('products_vendor_idx').on(t.vendorId, t.dateCreated.desc(), t.id.desc()),
    index('products_status_idx').on(t.status, t.dateCreated.desc(), t.id.desc()),
    index('products_is_free_idx').on(t.isFree, t.dateCreated.desc(), t.id.desc()),
    // Each search index also holds the product's part (searchPart, btree_gin): a search reads a large
    // catalogue one part at a time, and GIN then reads only that part's entries of a common word.
    // Without GIN's pending list (fastupdate off): with it, rows written since the last vacuum sat in an
    // unsorted list every search read through, and re-indexing 20 000 of a million products (a migration,
    // an import) made free text fifteen times slower until a vacuum, which so few changed rows never start.
    index('products_search_idx').using('gin', t.searchVector, searchPart(t.id)).with(ginWithoutPendingList),
    index('products_search_name_idx')
      .using('gin', t.searchNameVector, searchPart(t.id))
      .with(ginWithoutPendingList),
    index('products_name_trgm_idx')
      .using('gin', sql`${t.productName} gin_trgm_ops`)
      .with(ginWithoutPendingList),
  ],
)

/**
 * Every distinct word of the catalogue's searchable text (lower case, accents removed), kept by the statement
 * trigger products_search_words (migration 0012): what typed words are corrected against (typos, prefixes,
 * joined and split words), held by each process (search-vocabulary.ts). Words of deleted products stay;
 * they only cost a lookup that matches nothing.
 */
export const searchWords = pgTable('search_words', {
  word: text().primaryKey(),
})

/** Mail that was not sent through SMTP (no SMTP_URL): kept so a person trying the store can read it. */
export const outboxMail = pgTable('outbox_mail', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    message: text().notNull(),
    clientIp: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the operator marked the message handled in the back office's inbox; null while it waits. */
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc())],
)

/** `IN (...)` over one of the shared enum arrays, so a CHECK can never drift from the TypeScript type. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** Numbers the human-readable order numbers (LRD-000001); the UUID stays the order's real id. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 })

/**
 * Order ids are random UUIDs made by the app: the order endpoints are public, so an id is a capability.
 * Money is integer pence; totals are recomputed by the server from its own prices, never taken from clients.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey(),
    orderNumber: text().notNull(),
    /** The logged-in shopper who placed it (from the session, never from the body); null for guests. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    orderStatus: text({ enum: ORDER_STATUSES }).notNull().default('PENDING'),
    paymentStatus: text({ enum: PAYMENT_STATUSES }).notNull().default('PENDING'),
    currency: text().notNull().default('gbp'),
    orderDate: timestamp({ withTimezone: true }).notNull(),
    datePaid: timestamp({ withTimezone: true }),
    dateCompleted: timestamp({ withTimezone: true }),
    subTotalPence: integer().notNull().default(0),
    discountPence: integer().notNull().default(0),
    shippingPence: integer().notNull().default(0),
    totalTaxPence: integer().notNull().default(0),
    totalAmountPence: integer().notNull().default(0),
    paymentMethod: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    username: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    email: text().notNull(),
    address: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    country: text().notNull().default(''),
    state: text().notNull().default(''),
    postcode: text().notNull().default(''),
    deliveryFirstName: text().notNull(),
    deliveryLastName: text().notNull(),
    deliveryPhoneNumber: text().notNull(),
    deliveryAddress: text().notNull(),
    deliveryCity: text().notNull(),
    deliveryState: text().notNull(),
    deliveryCountry: text().notNull(),
    deliveryPostCode: text().notNull(),
    /**
     * The delivery town the shopper chose (shared/delivery/cities.ts), whose postcode districts the
     * delivery postcode is in. Null for orders placed before the town was kept.
     */
    deliveryTown: text(),
    /** The one live payment link, and a digest of the lines it charges for (a changed order gets a new link). */
    paymentLinkId: text(),
    paymentLinkUrl: text(),
    paymentFingerprint: text(),
    /** Counts the links made, so a new link never reuses an older one's idempotency key. */
    paymentAttempts: integer().notNull().default(0),
    /** The open Checkout Session (create-checkout-session), then the one that completed. */
    checkoutSessionId: text(),
    checkoutSessionUrl: text(),
    paymentIntentId: text(),
    refundId: text(),
    /** When the provider was last asked whether this unpaid order's pages took a payment (reconciliation). */
    paymentCheckedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.orderDate.desc()),
    // The operator's order list, newest first (modules/orders/shop-orders.repository.ts).
    index('orders_order_date_idx').on(t.orderDate.desc(), t.id.desc()),
    // Reconciliation and the sweep for orders left unpaid (reconciliation.service.ts) read only these.
    index('orders_unpaid_idx')
      .on(t.orderDate)
      .where(sql`${t.orderStatus} = 'PENDING'`),
    index('orders_refund_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.orderStatus} = 'REFUND_PENDING'`),
    check('orders_order_status_check', sql`${t.orderStatus} in (${oneOf(ORDER_STATUSES)})`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in (${oneOf(PAYMENT_STATUSES)})`),
    check(
      'orders_money_check',
      sql`${t.subTotalPence} >= 0 and ${t.discountPence} >= 0 and ${t.shippingPence} >= 0 and ${t.totalTaxPence} >= 0 and ${t.totalAmountPence} >= 0`,
    ),
  ],
)

/** One line per product per order, priced from the catalogue when it was added. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productName: text().notNull(),
    pricePence: integer().notNull(),
    /**
     * The catalogue's sale price when the line was ordered at a lower discount price, which the order's
     * page shows struck through beside `pricePence` as the cart did; null when nothing was taken off.
     */
    salePricePence: integer(),
    quantity: integer().notNull(),
    totalPricePence: integer().notNull(),
    productImage: text(),
    stripePriceId: text(),
  },
  (t) => [
    uniqueIndex('order_products_order_product_key').on(t.orderId, t.productId),
    index('order_products_product_idx').on(t.productId),
    check('order_products_quantity_check', sql`${t.quantity} > 0`),
    check('order_products_money_check', sql`${t.pricePence} >= 0 and ${t.totalPricePence} >= 0`),
  ],
)

/** Every provider event handled, by its id: a redelivered event finds its row and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** Not a foreign key: a signed event may name an order this database never had, and is still recorded. */
  orderId: uuid(),
  receivedAt: timestamp({ withTimezone: true }).notNull(),
})

/** The provider's price for each amount a product has been sold at; the current one leads products.stripe_price_ids. */
export const providerPrices = pgTable(
  'provider_prices',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitAmountPence: integer().notNull(),
    priceId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.unitAmountPence] })],
)

/** Provider objects that are not catalogue products, by name: the delivery line's product and price. */
export const providerObjects = pgTable('provider_objects', {
  key: text().primaryKey(),
  providerId: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * The sandbox payment provider's hosted pages (payment links and checkout sessions), so that a link keeps
 * charging what it was made for, stops after one payment, and survives a restart.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text().primaryKey(),
    kind: text({ enum: ['payment_link', 'checkout_session'] }).notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineItems: jsonb()
      .$type<{ name: string; priceId: string; quantity: number; unitAmountPence: number }[]>()
      .notNull(),
    amountTotalPence: integer().notNull(),
    currency: text().notNull(),
    afterPaymentUrl: text().notNull(),
    customerEmail: text(),
    active: boolean().notNull().default(true),
    completedSessions: integer().notNull().default(0),
    /** The payment the page took, as the provider's own record (what reconciliation asks the sandbox for). */
    sessionId: text(),
    paymentIntentId: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_checkouts_order_idx').on(t.orderId)],
)

/**
 * Work that must happen after a change commits and must not be lost if the process dies first (e-mails,
 * refunds, the sandbox's webhook deliveries): written in the change's own transaction, claimed by any
 * process with a lease, retried with back-off until done (lib/jobs). `key` makes enqueueing idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text().notNull(),
    key: text().notNull(),
    /** Emptied once the job is done: a mail's text may hold a live password-reset link. */
    payload: jsonb().$type<unknown>(),
    attempts: integer().notNull().default(0),
    runAt: timestamp({ withTimezone: true }).notNull(),
    /** The claim of the process working on it; a claim that outlives `lockedUntil` died with its process. */
    lease: uuid(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    /** Given up after the retry window; left for a person to look at. */
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
)

/**
 * Every change made in the back office, written in the change's own transaction by
 * modules/backoffice/audit-log.ts (the one function back-office writes go through): who, when, what, on
 * which shop, and the record before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Not a foreign key: the record outlives the account that made the change. */
    actorId: text().notNull(),
    actorLogin: text().notNull(),
    /** What was done, as `<entity>.<verb>`: `product.update`, `invitation.create`. */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    /** The shop the change belongs to, when it belongs to one. */
    shopId: text(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_shop_idx').on(t.shopId, t.at.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc()),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: both become a Buffer over the same bytes.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * The pictures shops upload, at every width the storefront shows them (shared/catalog/pictures.ts
 * UPLOAD_WIDTHS), as WebP. Keyed by the hash of the uploaded file, which names them in their URLs
 * (`/media/uploads/<hash>/<width>.webp`), so a URL always means the same bytes and is cached for good. In
 * PostgreSQL so that every server process reads what any of them stored (docs/decisions/0036).
 */
export const pictureVariants = pgTable(
  'picture_variants',
  {
    hash: text().notNull(),
    width: integer().notNull(),
    /** The shop whose upload made it, for the record; a picture is public once on a product. */
    shopId: text().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width] })],
)

/**
 * Where each shop's part of a paid order stands (modules/orders/shop-orders.service.ts): no row is a part
 * waiting to be packed; then PACKED, then DISPATCHED, never backwards. Changed through the audit log.
 */
export const orderShopStates = pgTable(
  'order_shop_states',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The shop (shops.user_id) whose lines of the order this is. */
    shopId: text()
      .notNull()
      .references(() => shops.userId, { onDelete: 'cascade' }),
    status: text({ enum: FULFILMENT_STATUSES }).notNull(),
    packedAt: timestamp({ withTimezone: true }),
    dispatchedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.shopId] }),
    index('order_shop_states_shop_idx').on(t.shopId, t.status),
    check('order_shop_states_status_check', sql`${t.status} in (${oneOf(FULFILMENT_STATUSES)})`),
    // No dispatch before packing: a dispatched part was packed first.
    check(
      'order_shop_states_order_check',
      sql`(${t.status} = 'WAITING' or ${t.packedAt} is not null) and (${t.status} <> 'DISPATCHED' or ${t.dispatchedAt} is not null)`,
    ),
  ],
)

/**
 * The operator's refunds of paid orders (modules/payments/refunds.service.ts). The id is made by the
 * browser when the refund form opens, so a second press of the button finds the first refund; the provider
 * is asked under that id (durable job `order-refund:<id>`), so a crash or a retry refunds once.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid().primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    scope: text({ enum: ['FULL', 'LINES'] }).notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('PENDING'),
    amountPence: integer().notNull(),
    providerRefundId: text(),
    requestedBy: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    check('order_refunds_amount_check', sql`${t.amountPence} > 0`),
    check('order_refunds_status_check', sql`${t.status} in (${oneOf(REFUND_STATUSES)})`),
    check('order_refunds_scope_check', sql`${t.scope} in ('FULL', 'LINES')`),
  ],
)

/** The lines a refund covers: a line is refunded at most once (its id is the key), always whole. */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    orderProductId: integer()
      .primaryKey()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    refundId: uuid()
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    amountPence: integer().notNull(),
  },
  (t) => [index('order_refund_lines_refund_idx').on(t.refundId)],
)
