-- The store's own SKU for a variant saved without one (docs/decisions/064-skus.md). The first
-- default, 'TD-' || lpad(n, 6, '0'), cut the millionth number to six characters ('TD-100000'
-- again), so a catalogue past 999,999 variants refused every new one as a repeated SKU. The
-- number now keeps all its digits past six.
CREATE FUNCTION variant_next_sku() RETURNS text
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
  SELECT 'TD-' || lpad(n::text, greatest(6, length(n::text)), '0')
  FROM nextval('variant_sku_seq') AS n
$$;
