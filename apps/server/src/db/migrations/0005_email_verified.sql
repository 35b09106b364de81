ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that have already proved their address: signed in with Google, or completed a password reset.
UPDATE "users" SET "email_verified_at" = coalesce("password_changed_at", "created_at") WHERE "google_sub" IS NOT NULL OR "password_changed_at" IS NOT NULL;
