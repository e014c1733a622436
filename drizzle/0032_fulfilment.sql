CREATE SEQUENCE "public"."delivery_note_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cancelled_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cancellation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"revision_line_id" integer,
	"order_item_id" integer,
	"quantity" integer NOT NULL,
	"returned_stock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cancelled_lines_one_line" CHECK (num_nonnulls("cancelled_lines"."revision_line_id", "cancelled_lines"."order_item_id") = 1),
	CONSTRAINT "cancelled_lines_quantity_positive" CHECK ("cancelled_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"customer_id" integer,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"locality" text NOT NULL,
	"departamento" text NOT NULL,
	"postal_code" text,
	"phone" text NOT NULL,
	"contact_name" text,
	"hours" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_sites_one_owner" CHECK (num_nonnulls("delivery_sites"."company_id", "delivery_sites"."customer_id") = 1),
	CONSTRAINT "delivery_sites_departamento" CHECK ("delivery_sites"."departamento" ~ '^UY-[A-Z]{2}$'),
	CONSTRAINT "delivery_sites_postal_code" CHECK ("delivery_sites"."postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "delivery_sites_phone" CHECK ("delivery_sites"."phone" ~ '^[249][0-9]{7}$')
);
--> statement-breakpoint
CREATE TABLE "dispatch_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispatch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"revision_line_id" integer,
	"order_item_id" integer,
	"variant_id" integer,
	"product_name" text NOT NULL,
	"color_name" text NOT NULL,
	"storage" text NOT NULL,
	"quantity" integer NOT NULL,
	"took_stock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dispatch_lines_one_line" CHECK (num_nonnulls("dispatch_lines"."revision_line_id", "dispatch_lines"."order_item_id") = 1),
	CONSTRAINT "dispatch_lines_quantity_positive" CHECK ("dispatch_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"note_number" integer DEFAULT nextval('delivery_note_seq') NOT NULL,
	"method" text NOT NULL,
	"agency" text,
	"agency_name" text,
	"freight_collect" boolean DEFAULT false NOT NULL,
	"site_name" text,
	"street" text,
	"locality" text,
	"departamento" text,
	"postal_code" text,
	"phone" text,
	"contact_name" text,
	"hours" text,
	"tracking_number" text,
	"dispatched_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_on" date,
	"received_by" text,
	"delivered_at" timestamp with time zone,
	"delivery_recorded_by" integer,
	"delivery_actor" text,
	CONSTRAINT "dispatches_note_number_unique" UNIQUE("note_number"),
	CONSTRAINT "dispatches_method" CHECK ("dispatches"."method" in ('pickup', 'courier', 'agency')),
	CONSTRAINT "dispatches_agency" CHECK (("dispatches"."method" = 'agency') = ("dispatches"."agency" is not null) and ("dispatches"."agency" is null or "dispatches"."agency" in ('DAC', 'UES', 'Turil', 'Nossar', 'CITA', 'Otra'))),
	CONSTRAINT "dispatches_site" CHECK ("dispatches"."method" = 'pickup' or "dispatches"."street" is not null),
	CONSTRAINT "dispatches_delivery_complete" CHECK (("dispatches"."delivered_on" is null) = ("dispatches"."delivered_at" is null) and ("dispatches"."delivered_on" is null) = ("dispatches"."received_by" is null)),
	CONSTRAINT "dispatches_delivery_actor" CHECK ("dispatches"."delivery_actor" in ('staff', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_addresses" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"street" text NOT NULL,
	"locality" text NOT NULL,
	"departamento" text NOT NULL,
	"postal_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_addresses_departamento" CHECK ("fiscal_addresses"."departamento" ~ '^UY-[A-Z]{2}$'),
	CONSTRAINT "fiscal_addresses_postal_code" CHECK ("fiscal_addresses"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"revision_number" integer,
	"site_id" integer,
	"method" text NOT NULL,
	"agency" text,
	"agency_name" text,
	"freight_collect" boolean DEFAULT false NOT NULL,
	"site_name" text,
	"street" text,
	"locality" text,
	"departamento" text,
	"postal_code" text,
	"phone" text,
	"contact_name" text,
	"hours" text,
	"chosen_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliveries_method" CHECK ("order_deliveries"."method" in ('pickup', 'courier', 'agency')),
	CONSTRAINT "order_deliveries_agency" CHECK (("order_deliveries"."method" = 'agency') = ("order_deliveries"."agency" is not null) and ("order_deliveries"."agency" is null or "order_deliveries"."agency" in ('DAC', 'UES', 'Turil', 'Nossar', 'CITA', 'Otra'))),
	CONSTRAINT "order_deliveries_site" CHECK ("order_deliveries"."method" = 'pickup' or "order_deliveries"."street" is not null)
);
--> statement-breakpoint
CREATE TABLE "remainder_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancelled_lines" ADD CONSTRAINT "cancelled_lines_cancellation_id_remainder_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."remainder_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lines" ADD CONSTRAINT "cancelled_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lines" ADD CONSTRAINT "cancelled_lines_revision_line_id_quote_revision_lines_id_fk" FOREIGN KEY ("revision_line_id") REFERENCES "public"."quote_revision_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_lines" ADD CONSTRAINT "cancelled_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_sites" ADD CONSTRAINT "delivery_sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_sites" ADD CONSTRAINT "delivery_sites_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_revision_line_id_quote_revision_lines_id_fk" FOREIGN KEY ("revision_line_id") REFERENCES "public"."quote_revision_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_lines" ADD CONSTRAINT "dispatch_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_delivery_recorded_by_users_id_fk" FOREIGN KEY ("delivery_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_addresses" ADD CONSTRAINT "fiscal_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_site_id_delivery_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."delivery_sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remainder_cancellations" ADD CONSTRAINT "remainder_cancellations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remainder_cancellations" ADD CONSTRAINT "remainder_cancellations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancelled_lines_order_id_idx" ON "cancelled_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_sites_company_id_idx" ON "delivery_sites" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "delivery_sites_customer_id_idx" ON "delivery_sites" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_sites_company_default_unique" ON "delivery_sites" USING btree ("company_id") WHERE "delivery_sites"."is_default" and "delivery_sites"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_sites_customer_default_unique" ON "delivery_sites" USING btree ("customer_id") WHERE "delivery_sites"."is_default" and "delivery_sites"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "dispatch_lines_dispatch_id_idx" ON "dispatch_lines" USING btree ("dispatch_id");--> statement-breakpoint
CREATE INDEX "dispatch_lines_order_id_idx" ON "dispatch_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "dispatches_order_id_idx" ON "dispatches" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_deliveries_order_id_idx" ON "order_deliveries" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "remainder_cancellations_order_id_idx" ON "remainder_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_dispatch_pending_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."fulfilment_status" in ('Por despachar', 'Despachado parcialmente');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_check" CHECK ("orders"."fulfilment_status" in ('Por despachar', 'Despachado parcialmente', 'Despachado', 'Entregado'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_only_concluded" CHECK ("orders"."fulfilment_status" is null or "orders"."status" = 'Concretado');