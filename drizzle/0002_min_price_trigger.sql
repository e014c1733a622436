-- products.min_price mirrors the lowest variant price so the shop can filter and sort by price
-- through products_min_price_idx. The trigger keeps it exact on every variant write.
CREATE OR REPLACE FUNCTION refresh_product_min_price() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET min_price = (SELECT min(price) FROM variants WHERE product_id = OLD.product_id)
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products SET min_price = (SELECT min(price) FROM variants WHERE product_id = NEW.product_id)
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variants_refresh_min_price
  AFTER INSERT OR DELETE OR UPDATE OF price, product_id ON variants
  FOR EACH ROW EXECUTE FUNCTION refresh_product_min_price();
--> statement-breakpoint
-- The price-bearing product view of SPEC.md §3: a product with its lowest variant price.
CREATE VIEW product_prices AS
  SELECT p.id, p.name, p.slug, p.images, p.brand_id, p.category_id, p.created_at,
         p.min_price AS price
  FROM products p;
