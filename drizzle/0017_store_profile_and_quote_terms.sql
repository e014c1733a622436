CREATE TABLE "store_profile" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"rut" text,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"logo_url" text,
	"payment_terms" text DEFAULT '' NOT NULL,
	"delivery_terms" text DEFAULT '' NOT NULL,
	"warranty" text DEFAULT '' NOT NULL,
	"validity_days" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_profile_single_row" CHECK ("store_profile"."id" = 1),
	CONSTRAINT "store_profile_validity_days_range" CHECK ("store_profile"."validity_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order" text;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD COLUMN "payment_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD COLUMN "delivery_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD COLUMN "warranty" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD COLUMN "exchange_rate" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_exchange_rate_positive" CHECK ("quote_revisions"."exchange_rate" > 0);