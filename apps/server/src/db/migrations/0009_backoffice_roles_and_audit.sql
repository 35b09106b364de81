CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" text NOT NULL,
	"actor_login" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"shop_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shop_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_shop_idx" ON "audit_log" USING btree ("shop_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_shop_idx" ON "users" USING btree ("shop_id");--> statement-breakpoint
-- Until now a vendor account was its shop (shops.user_id): each becomes the first member of its own shop.
UPDATE "users" SET "shop_id" = "id" WHERE 'ROLE_VENDOR' = any("roles") AND EXISTS (SELECT 1 FROM "shops" WHERE "shops"."user_id" = "users"."id");--> statement-breakpoint
-- A vendor account without a shop could never use the back office: it goes back to being a customer.
UPDATE "users" SET "roles" = array_replace("roles", 'ROLE_VENDOR', 'ROLE_CUSTOMER') WHERE 'ROLE_VENDOR' = any("roles") AND "shop_id" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vendor_shop_check" CHECK (not ('ROLE_VENDOR' = any("users"."roles")) or "users"."shop_id" is not null);