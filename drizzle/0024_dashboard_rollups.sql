CREATE TABLE "dashboard_snapshots" (
	"range" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"median_answer_seconds" double precision,
	"answered_count" integer NOT NULL,
	"top_products" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"requested" integer NOT NULL,
	"concluded" integer NOT NULL,
	"concluded_value" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_days" (
	"day" date PRIMARY KEY NOT NULL,
	"requested" integer DEFAULT 0 NOT NULL,
	"concluded" integer DEFAULT 0 NOT NULL,
	"concluded_value" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "variants_stock_product_id_idx" ON "variants" USING btree ("stock","product_id","id");