-- A variant write refreshes its product's lowest price, and so its card (0014), one variant at
-- a time: a catalogue import of 100,000 variants made 100,000 product updates, each rebuilding
-- a card and adding index entries, most of the apply's time (20 s of writes for 25,000
-- products, against 3 to 7 s for the variants alone and one refresh per product). Within one
-- transaction that sets `tienda.defer_product_refresh` (only the catalogue import, with
-- `set local`), variant writes skip the refresh; the import then refreshes every product it
-- wrote once, set-based, before its commit (docs/decisions/069-a-catalogue-import-at-scale.md,
-- src/server/services/catalog-csv/import-apply.ts). Any other write still refreshes at once.
CREATE OR REPLACE FUNCTION refresh_product_min_price() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tienda.defer_product_refresh', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
