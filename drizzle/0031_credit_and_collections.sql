CREATE TABLE "credit_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"available" numeric(12, 2) NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"is_approved" boolean,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"day" date PRIMARY KEY NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"quoted_on" date NOT NULL,
	"source" text NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('bcu', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_reminders" (
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reminders_stage_check" CHECK ("payment_reminders"."stage" in ('before', 'due', 'overdue'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"customer_id" integer,
	"method" text NOT NULL,
	"bank" text,
	"reference" text,
	"cheque_number" text,
	"received_on" date NOT NULL,
	"collect_on" date,
	"counts_on" date GENERATED ALWAYS AS (coalesce(collect_on, received_on)) STORED NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"pesos" numeric(14, 2),
	"exchange_rate" numeric(10, 4),
	"rate_day" date,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reversal_reason" text,
	CONSTRAINT "payments_one_payer" CHECK (("payments"."company_id" is null) <> ("payments"."customer_id" is null)),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('transfer', 'deposit', 'cheque', 'cash')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_pesos_with_rate" CHECK (("payments"."pesos" is null) = ("payments"."exchange_rate" is null) and ("payments"."pesos" is null) = ("payments"."rate_day" is null)),
	CONSTRAINT "payments_collect_on_cheque" CHECK ("payments"."collect_on" is null or "payments"."method" = 'cheque'),
	CONSTRAINT "payments_reversal_reasoned" CHECK (("payments"."reversed_at" is null) = ("payments"."reversal_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_due" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms_from" text DEFAULT 'acceptance' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "credit_reviews" ADD CONSTRAINT "credit_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reviews" ADD CONSTRAINT "credit_reviews_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reviews" ADD CONSTRAINT "credit_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reviews_order_id_idx" ON "credit_reviews" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_payment_order_unique" ON "payment_allocations" USING btree ("payment_id","order_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_order_id_idx" ON "payment_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_unique" ON "payment_reminders" USING btree ("order_id","stage","due_on");--> statement-breakpoint
CREATE INDEX "payments_company_id_idx" ON "payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_customer_id_idx" ON "payments" USING btree ("customer_id","received_on");--> statement-breakpoint
CREATE INDEX "orders_amount_due_idx" ON "orders" USING btree ("company_id","customer_id","due_on") WHERE "orders"."amount_due" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_days_check" CHECK ("companies"."payment_terms_days" in (0, 30, 60, 90));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_from_check" CHECK ("companies"."payment_terms_from" in ('acceptance', 'delivery'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_non_negative" CHECK ("companies"."credit_limit" >= 0);