CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"level" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"l1" text NOT NULL,
	"l2" text,
	"l3" text,
	CONSTRAINT "categories_level_check" CHECK ("categories"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"product_ingredients" text DEFAULT '' NOT NULL,
	"product_allergens" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sale_price_pence" integer,
	"discount_price_pence" integer,
	"qty" integer DEFAULT 0 NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"stripe_product_id" text,
	"stripe_price_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', product_name), 'A') || setweight(to_tsvector('english', product_description), 'B')) STORED,
	CONSTRAINT "products_qty_check" CHECK ("products"."qty" >= 0),
	CONSTRAINT "products_sale_price_check" CHECK ("products"."sale_price_pence" >= 0),
	CONSTRAINT "products_discount_price_check" CHECK ("products"."discount_price_pence" >= 0),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('ACTIVE', 'RATED'))
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"city" text NOT NULL,
	"company_address" text NOT NULL,
	"company_phone" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"shop_image" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"image_url" text,
	"roles" text[] DEFAULT '{ROLE_CUSTOMER}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_path_key" ON "categories" USING btree (lower("l1"),lower(coalesce("l2", '')),lower(coalesce("l3", '')));--> statement-breakpoint
CREATE INDEX "categories_l1_idx" ON "categories" USING btree (lower("l1"));--> statement-breakpoint
CREATE INDEX "products_date_created_idx" ON "products" USING btree ("date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_is_free_idx" ON "products" USING btree ("is_free","date_created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_key" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));