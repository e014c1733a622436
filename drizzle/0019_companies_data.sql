-- Written by hand (drizzle-kit generates no data changes); runs after *_accounts_companies.sql,
-- which made the tables (docs/decisions/057-companies-with-members.md).

-- Accounts older than e-mail verification have ordered and received mail at their address for
-- as long as they exist: they count as verified, so no customer is capped overnight.
UPDATE "users" SET "email_verified_at" = now() WHERE "email_verified_at" IS NULL;
--> statement-breakpoint
-- A company per RUT that customers saved (compacted as shared/rut.ts does: no spaces, dots,
-- dashes or 'UY'); its name is the oldest saved razón social, else that customer's name.
INSERT INTO "companies" ("name", "rut", "created_at")
SELECT DISTINCT ON ("rut") coalesce("company_name", "full_name"), "rut", "created_at"
FROM (
  SELECT "id", "created_at", "full_name", nullif(trim("company_name"), '') AS "company_name",
         regexp_replace(regexp_replace(upper("rut"), '[[:space:].-]', '', 'g'), '^UY', '') AS "rut"
  FROM "customers" WHERE "rut" IS NOT NULL
) AS "legacy"
WHERE "rut" ~ '^[0-9]{12}$'
ORDER BY "rut", "company_name" IS NULL, "created_at", "id";
--> statement-breakpoint
-- Every customer with that RUT is a member; the oldest account is its administrator.
INSERT INTO "company_members" ("customer_id", "company_id", "role")
SELECT "legacy"."id", "companies"."id",
       CASE WHEN row_number() OVER (PARTITION BY "legacy"."rut" ORDER BY "legacy"."created_at", "legacy"."id") = 1
            THEN 'admin' ELSE 'member' END
FROM (
  SELECT "id", "created_at",
         regexp_replace(regexp_replace(upper("rut"), '[[:space:].-]', '', 'g'), '^UY', '') AS "rut"
  FROM "customers" WHERE "rut" IS NOT NULL
) AS "legacy"
JOIN "companies" ON "companies"."rut" = "legacy"."rut";
--> statement-breakpoint
-- Their orders quoted for that RUT belong to the company: its members read them from now on.
UPDATE "orders" SET "company_id" = "company_members"."company_id"
FROM "company_members" JOIN "companies" ON "companies"."id" = "company_members"."company_id"
WHERE "company_members"."customer_id" = "orders"."customer_id"
  AND regexp_replace(regexp_replace(upper("orders"."rut"), '[[:space:].-]', '', 'g'), '^UY', '') = "companies"."rut";
