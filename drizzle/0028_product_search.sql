-- A narrow copy of each product's searched and filtered columns: a search for a model number
-- reads its products' rows here (about 100 bytes each) rather than from products (2-3 KB with
-- the description and card). docs/decisions/072-a-search-sheet-that-looks-at-fewer.md.
CREATE TABLE "product_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"min_price_cents" bigint,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers with the written rows as a table: one set-based upsert per statement, so
-- a catalogue import's 100,000 products cost one insert here, not 100,000. A row whose
-- copied columns did not change (a card rebuilt, an edited description) is not rewritten.
-- Deleted products go with the foreign key's cascade.
CREATE FUNCTION copy_product_search() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (id, search_text, created_at, min_price_cents, brand_id, category_id)
    SELECT id, search_text, created_at, min_price_cents, brand_id, category_id FROM written_products
  ON CONFLICT (id) DO UPDATE SET
    search_text = excluded.search_text,
    created_at = excluded.created_at,
    min_price_cents = excluded.min_price_cents,
    brand_id = excluded.brand_id,
    category_id = excluded.category_id
  WHERE (product_search.search_text, product_search.created_at, product_search.min_price_cents,
         product_search.brand_id, product_search.category_id)
        IS DISTINCT FROM
        (excluded.search_text, excluded.created_at, excluded.min_price_cents,
         excluded.brand_id, excluded.category_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_copy_search_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION copy_product_search();
--> statement-breakpoint
CREATE TRIGGER products_copy_search_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION copy_product_search();
--> statement-breakpoint
INSERT INTO product_search (id, search_text, created_at, min_price_cents, brand_id, category_id)
  SELECT id, search_text, created_at, min_price_cents, brand_id, category_id FROM products;
--> statement-breakpoint
-- Built after the copy: one pass over the rows rather than 300,000 insertions into the index.
CREATE INDEX "product_search_text_trgm_idx" ON "product_search" USING gin ("search_text" gin_trgm_ops);
