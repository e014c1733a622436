CREATE SEQUENCE "public"."variant_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "variant_price_tiers" (
	"variant_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent_off" numeric(5, 2) NOT NULL,
	CONSTRAINT "variant_price_tiers_variant_id_min_quantity_pk" PRIMARY KEY("variant_id","min_quantity"),
	CONSTRAINT "variant_price_tiers_min_quantity" CHECK ("variant_price_tiers"."min_quantity" >= 2),
	CONSTRAINT "variant_price_tiers_percent_range" CHECK ("variant_price_tiers"."percent_off" > 0 and "variant_price_tiers"."percent_off" < 100)
);
--> statement-breakpoint
CREATE TABLE "company_price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"variant_id" integer,
	"percent_off" numeric(5, 2),
	"fixed_price" numeric(12, 2),
	"ends_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_price_rules_kind" CHECK ("company_price_rules"."kind" in ('brand', 'category', 'all', 'variant')),
	CONSTRAINT "company_price_rules_fields_of_kind" CHECK (("company_price_rules"."brand_id" is not null) = ("company_price_rules"."kind" = 'brand')
        and ("company_price_rules"."category_id" is not null) = ("company_price_rules"."kind" = 'category')
        and ("company_price_rules"."variant_id" is not null) = ("company_price_rules"."kind" = 'variant')
        and ("company_price_rules"."fixed_price" is not null) = ("company_price_rules"."kind" = 'variant')
        and ("company_price_rules"."percent_off" is not null) = ("company_price_rules"."kind" <> 'variant')),
	CONSTRAINT "company_price_rules_percent_range" CHECK ("company_price_rules"."percent_off" > 0 and "company_price_rules"."percent_off" < 100),
	CONSTRAINT "company_price_rules_fixed_price_min" CHECK ("company_price_rules"."fixed_price" >= 0.01)
);
--> statement-breakpoint
CREATE TABLE "purchase_list_items" (
	"list_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "purchase_list_items_list_id_variant_id_pk" PRIMARY KEY("list_id","variant_id"),
	CONSTRAINT "purchase_list_items_quantity_range" CHECK ("purchase_list_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "purchase_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "sku" text DEFAULT 'TD-' || lpad(nextval('variant_sku_seq')::text, 6, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "applied_rule" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD COLUMN "is_backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_revision_lines" ADD COLUMN "expected_on" date;--> statement-breakpoint
ALTER TABLE "variant_price_tiers" ADD CONSTRAINT "variant_price_tiers_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_rules" ADD CONSTRAINT "company_price_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_rules" ADD CONSTRAINT "company_price_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_rules" ADD CONSTRAINT "company_price_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_rules" ADD CONSTRAINT "company_price_rules_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_rules" ADD CONSTRAINT "company_price_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_items" ADD CONSTRAINT "purchase_list_items_list_id_purchase_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."purchase_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_list_items" ADD CONSTRAINT "purchase_list_items_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lists" ADD CONSTRAINT "purchase_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lists" ADD CONSTRAINT "purchase_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_price_rules_company_id_idx" ON "company_price_rules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "purchase_list_items_variant_id_idx" ON "purchase_list_items" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_lists_customer_name_unique" ON "purchase_lists" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "purchase_lists_company_id_idx" ON "purchase_lists" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_sku_upper_unique" ON "variants" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "variants_mpn_upper_idx" ON "variants" USING btree (upper("mpn"));--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_sku_not_blank" CHECK (btrim("variants"."sku") <> '');