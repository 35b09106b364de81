import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { PRODUCT_STATUSES } from '@larder/shared'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_key').on(sql`lower(${t.login})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
)

/** Only a SHA-256 of each key is kept, so a copy of the table cannot reset anyone's password. */
export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    dateCreated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    stripeProductId: text(),
    stripePriceIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', product_name), 'A') || setweight(to_tsvector('english', product_description), 'B')`,
    ),
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
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
  ],
)

/** Mail that was not sent through SMTP (no SMTP_URL): kept so a person trying the store can read it. */
export const outboxMail = pgTable('outbox_mail', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const contactMessages = pgTable('contact_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().default(''),
  email: text().notNull().default(''),
  phone: text().notNull().default(''),
  message: text().notNull(),
  clientIp: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
