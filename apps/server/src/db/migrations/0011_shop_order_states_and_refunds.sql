CREATE TABLE "order_refund_lines" (
	"order_product_id" integer PRIMARY KEY NOT NULL,
	"refund_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_pence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_pence" integer NOT NULL,
	"provider_refund_id" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_pence" > 0),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('PENDING', 'REFUNDED')),
	CONSTRAINT "order_refunds_scope_check" CHECK ("order_refunds"."scope" in ('FULL', 'LINES'))
);
--> statement-breakpoint
CREATE TABLE "order_shop_states" (
	"order_id" uuid NOT NULL,
	"shop_id" text NOT NULL,
	"status" text NOT NULL,
	"packed_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_shop_states_order_id_shop_id_pk" PRIMARY KEY("order_id","shop_id"),
	CONSTRAINT "order_shop_states_status_check" CHECK ("order_shop_states"."status" in ('WAITING', 'PACKED', 'DISPATCHED')),
	CONSTRAINT "order_shop_states_order_check" CHECK (("order_shop_states"."status" = 'WAITING' or "order_shop_states"."packed_at" is not null) and ("order_shop_states"."status" <> 'DISPATCHED' or "order_shop_states"."dispatched_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_order_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shop_states" ADD CONSTRAINT "order_shop_states_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shop_states" ADD CONSTRAINT "order_shop_states_shop_id_shops_user_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_refund_idx" ON "order_refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_shop_states_shop_idx" ON "order_shop_states" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "orders_order_date_idx" ON "orders" USING btree ("order_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_status_check" CHECK ("orders"."order_status" in ('PENDING', 'PAID', 'PARTIALLY_REFUNDED', 'REFUND_PENDING', 'REFUNDED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('PENDING', 'PAID', 'FAILED', 'PARTIALLY_REFUNDED', 'REFUNDED'));