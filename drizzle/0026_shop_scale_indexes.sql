DROP INDEX "products_brand_id_idx";--> statement-breakpoint
DROP INDEX "products_category_id_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_min_price_idx";--> statement-breakpoint
CREATE INDEX "products_brand_id_created_at_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"min_price_cents","category_id");--> statement-breakpoint
CREATE INDEX "products_category_id_created_at_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"min_price_cents","brand_id");--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" USING btree ("brand_id","min_price_cents","id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id","min_price_cents","id","brand_id","created_at");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"min_price_cents","brand_id","category_id","search_text");--> statement-breakpoint
CREATE INDEX "products_min_price_idx" ON "products" USING btree ("min_price_cents","id","brand_id","category_id","created_at","search_text");