-- products.card holds the product's card as the storefront lists show it, so a list reads
-- twelve stored values instead of joining brands and categories and aggregating variants per
-- row (docs/decisions/046-stored-product-cards.md). The database rebuilds it on every write
-- that changes what a card shows, so no code path can forget to.
CREATE OR REPLACE FUNCTION product_card(p products) RETURNS json
  LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', p.id,
    'name', p.name,
    'slug', p.slug,
    'image', p.images ->> 0,
    'minPrice', p.min_price::text,
    'brandName', (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
    'categoryName', (SELECT c.name FROM categories c WHERE c.id = p.category_id),
    'variants', (
      SELECT coalesce(
        json_agg(
          json_build_object(
            'id', v.id, 'color', v.color, 'colorName', v.color_name, 'storage', v.storage,
            'price', v.price::text, 'stock', v.stock
          ) ORDER BY v.id
        ),
        '[]'::json
      )
      FROM variants v
      WHERE v.product_id = p.id
    )
  )
$$;
--> statement-breakpoint
-- Every insert and update of a product rebuilds its card from the row as it will be stored.
CREATE OR REPLACE FUNCTION build_product_card() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.card := product_card(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_build_card
  BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION build_product_card();
--> statement-breakpoint
-- A variant write updates its product's lowest price (0002); the card shows every variant
-- column, so now any variant write touches the product, and the trigger above rebuilds it.
CREATE OR REPLACE FUNCTION refresh_product_min_price() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id) THEN
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
DROP TRIGGER variants_refresh_min_price ON variants;
--> statement-breakpoint
CREATE TRIGGER variants_refresh_product
  AFTER INSERT OR DELETE OR UPDATE ON variants
  FOR EACH ROW EXECUTE FUNCTION refresh_product_min_price();
--> statement-breakpoint
-- Cards show the brand's and the category's names: a rename rebuilds the cards that show it
-- (the update touches nothing but fires products_build_card).
CREATE OR REPLACE FUNCTION rebuild_cards_of_taxonomy() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    UPDATE products SET card = NULL WHERE brand_id = NEW.id;
  ELSE
    UPDATE products SET card = NULL WHERE category_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brands_rebuild_cards
  AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION rebuild_cards_of_taxonomy();
--> statement-breakpoint
CREATE TRIGGER categories_rebuild_cards
  AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION rebuild_cards_of_taxonomy();
--> statement-breakpoint
-- Cards of the products already stored (the update fires products_build_card).
UPDATE products SET card = NULL;
