-- Written by hand (drizzle-kit generates no data changes); runs after *_quote_seller.sql, which
-- added the column (docs/decisions/077-what-a-quote-prints.md).

-- The revisions sent before it printed the store's data as it is now: they keep it from here
-- on. A store that never saved its data has no row; its revisions keep printing the
-- environment's values until the first save copies those onto them (services/store/store-profile.ts).
UPDATE "quote_revisions"
SET "seller" = jsonb_build_object(
  'legalName', "store_profile"."legal_name",
  'rut', "store_profile"."rut",
  'address', "store_profile"."address",
  'phone', "store_profile"."phone",
  'email', "store_profile"."email"
)
FROM "store_profile"
WHERE "quote_revisions"."seller" IS NULL;
