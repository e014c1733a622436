CREATE TABLE "product_price_tiers" (
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent_off" numeric(5, 2) NOT NULL,
	CONSTRAINT "product_price_tiers_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "product_price_tiers_min_quantity" CHECK ("product_price_tiers"."min_quantity" >= 2),
	CONSTRAINT "product_price_tiers_percent_range" CHECK ("product_price_tiers"."percent_off" > 0 and "product_price_tiers"."percent_off" < 100)
);
--> statement-breakpoint
ALTER TABLE "product_price_tiers" ADD CONSTRAINT "product_price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;