DROP INDEX "products_brand_id_idx";--> statement-breakpoint
DROP INDEX "products_category_id_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_min_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_cents" bigint GENERATED ALWAYS AS ((min_price * 100)::bigint) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "card" json;--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id","min_price_cents");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id","min_price_cents");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"min_price_cents","brand_id","category_id");--> statement-breakpoint
CREATE INDEX "products_min_price_idx" ON "products" USING btree ("min_price_cents","id","brand_id","category_id");