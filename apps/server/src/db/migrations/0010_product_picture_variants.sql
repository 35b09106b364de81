CREATE TABLE "picture_variants" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"shop_id" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picture_variants_hash_width_pk" PRIMARY KEY("hash","width")
);
