CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"price_pence" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_price_pence" integer NOT NULL,
	"product_image" text,
	"stripe_price_id" text,
	CONSTRAINT "order_products_quantity_check" CHECK ("order_products"."quantity" > 0),
	CONSTRAINT "order_products_money_check" CHECK ("order_products"."price_pence" >= 0 and "order_products"."total_price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_id" text,
	"order_status" text DEFAULT 'PENDING' NOT NULL,
	"payment_status" text DEFAULT 'PENDING' NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"date_paid" timestamp with time zone,
	"date_completed" timestamp with time zone,
	"sub_total_pence" integer DEFAULT 0 NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"shipping_pence" integer DEFAULT 0 NOT NULL,
	"total_tax_pence" integer DEFAULT 0 NOT NULL,
	"total_amount_pence" integer DEFAULT 0 NOT NULL,
	"payment_method" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"delivery_first_name" text NOT NULL,
	"delivery_last_name" text NOT NULL,
	"delivery_phone_number" text NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_country" text NOT NULL,
	"delivery_post_code" text NOT NULL,
	"payment_link_id" text,
	"payment_link_url" text,
	"payment_fingerprint" text,
	"payment_attempts" integer DEFAULT 0 NOT NULL,
	"checkout_session_id" text,
	"checkout_session_url" text,
	"payment_intent_id" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_status_check" CHECK ("orders"."order_status" in ('PENDING', 'PAID', 'REFUND_PENDING', 'REFUNDED', 'CANCELLED')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('PENDING', 'PAID', 'FAILED', 'REFUNDED')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."sub_total_pence" >= 0 and "orders"."discount_pence" >= 0 and "orders"."shipping_pence" >= 0 and "orders"."total_tax_pence" >= 0 and "orders"."total_amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_prices" (
	"product_id" integer NOT NULL,
	"unit_amount_pence" integer NOT NULL,
	"price_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_prices_product_id_unit_amount_pence_pk" PRIMARY KEY("product_id","unit_amount_pence")
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"line_items" jsonb NOT NULL,
	"amount_total_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"after_payment_url" text NOT NULL,
	"customer_email" text,
	"active" boolean DEFAULT true NOT NULL,
	"completed_sessions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_prices" ADD CONSTRAINT "provider_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_products_order_product_key" ON "order_products" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_products_product_idx" ON "order_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","order_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_refund_pending_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."order_status" = 'REFUND_PENDING';