CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"lease" uuid,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_checkouts_order_idx" ON "sandbox_checkouts" USING btree ("order_id");