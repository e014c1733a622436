CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"author_id" integer,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "order_messages_author_role_check" CHECK ("order_messages"."author_role" in ('customer', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "quote_revision_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"revision_id" integer NOT NULL,
	"variant_id" integer,
	"product_id" integer,
	"product_name" text NOT NULL,
	"color_name" text NOT NULL,
	"storage" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "quote_revision_lines_quantity_positive" CHECK ("quote_revision_lines"."quantity" >= 1),
	CONSTRAINT "quote_revision_lines_discount_range" CHECK ("quote_revision_lines"."discount_percent" >= 0 and "quote_revision_lines"."discount_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"note" text,
	"valid_until" date NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_revisions_number_positive" CHECK ("quote_revisions"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "rut" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rut" text;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."quote_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD CONSTRAINT "quote_revision_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_id_idx" ON "order_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_messages_unread_idx" ON "order_messages" USING btree ("author_role","order_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "quote_revision_lines_revision_id_idx" ON "quote_revision_lines" USING btree ("revision_id");--> statement-breakpoint
CREATE INDEX "quote_revision_lines_variant_id_idx" ON "quote_revision_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revisions_order_number_unique" ON "quote_revisions" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "quote_revisions_created_at_idx" ON "quote_revisions" USING btree ("created_at");